"""Live play over a direct connection (WebRTC data channel): the pure session logic and its page glue."""

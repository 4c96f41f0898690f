"""The page's saves: the keys it uses in localStorage, the match store, and saving after each change."""

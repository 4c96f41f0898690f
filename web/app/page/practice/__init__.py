"""Practice from the player's own mistakes (#44): the deck kept in the browser, the session, the dialog."""

"""The page's dice: unbiased dice from random bytes, and where those bytes come from."""

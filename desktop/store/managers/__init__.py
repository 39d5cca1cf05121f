"""One manager per area of an open campaign, reached as `campaign.<area>`."""

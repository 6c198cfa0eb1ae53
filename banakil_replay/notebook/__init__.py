"""The notebook layer: cards and tables as HTML, events in words, pandas frames, altair charts,
rich display, and widgets drawn over the models in play/ and log/."""

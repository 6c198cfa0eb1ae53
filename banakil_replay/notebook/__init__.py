"""The notebook layer: cards and tables as HTML, events in words, pandas frames, altair charts, widgets."""

"""The thin Qt layer: widgets bound to the core's session through one store."""

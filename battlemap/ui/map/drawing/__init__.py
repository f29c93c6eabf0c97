"""What the map draws: the scene's items for model objects (`items`), the overlays for the
engine's answers (`overlays`), the fog of war, the scale bar, and the painting kernels they
share (`sprites`: pixmaps drawn once and copied, `bulk_paths`: many segments in one call)."""

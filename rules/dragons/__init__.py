"""Dragons: the engine is game.DragonsState."""

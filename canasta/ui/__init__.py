"""The game window: pygame-ce scenes, layout, sprites, animation, input and sound."""

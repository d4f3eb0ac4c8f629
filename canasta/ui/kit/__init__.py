"""The window's shared basics: the frame loop and its stack of scenes, the animation clock, the widgets of the
screens, and long work off the frame loop. It knows neither the table nor the screens."""

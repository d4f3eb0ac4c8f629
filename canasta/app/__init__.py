"""The application layer: settings, saves, statistics, translations and the command line."""

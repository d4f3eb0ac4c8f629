"""How the game looks and sounds: the bundled assets, the theme (colours, fonts, card images), the felt, the
title art, the sound board, and the scripts that draw the cards and the felt and make the sounds."""

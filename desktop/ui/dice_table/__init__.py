"""The Dice Table dock's parts: chips, the roll's words, odds, the tumble and the die menu."""

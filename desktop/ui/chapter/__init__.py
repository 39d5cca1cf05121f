"""The Chapter dock's parts: the sheet, the payoff form, the claim form and the claims tab."""

"""Card systems: the French deck with jokers (`french`); Tiraje and Clumsy Thief cards live
beside their games."""

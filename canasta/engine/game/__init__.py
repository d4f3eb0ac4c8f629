"""The whole game as only the engine and the table's owner see it: the omniscient state of a hand (`state`), dealing
and applying an action (`transitions`), the views a seat is shown (`views`), scoring (`scoring`), a game of hands
(`match`), the one hand loop and the one game loop (`play`), the JSON formats (`position`) and the invariants
(`invariants`).

Computer players never import this package (the import contracts in pyproject.toml): they see a seat's view and
judge moves through `canasta.engine.judge`.
"""

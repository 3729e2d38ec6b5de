"""Golden digests of outcomes: every scenario's final state and messages, and seeded random games
of every ruleset. A change that moves code without changing rules leaves them all equal;
`python -m tests.goldens.record` writes them anew after a change that means to alter an outcome."""

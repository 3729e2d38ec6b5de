"""The QQ side: the NoneBot app, its services (store, deadlines, delivery, team groups) and the sandbox."""

import time

STARTED = time.monotonic()  # when the bot's code began loading (start-up figures in the log count from it)

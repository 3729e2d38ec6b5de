"""The QQ side: the NoneBot app, its services (store, deadlines, delivery, team groups) and the sandbox."""

"""The QQ side of banshabot: the NoneBot application and its sandbox."""

"""Listings that change: updates read (`read`, `reso`), compared with the current listings and
kept with their history (`apply`, `store`), and followed by what is derived from them in memory
(`live`). `jobs` are the skill's `POST /job` handlers (SKILL.md)."""

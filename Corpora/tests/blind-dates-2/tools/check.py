#!/usr/bin/env python3
"""Sanity checks for the blind-dates-2 files (no engine involved).

- every file loads with yaml.safe_load and has language and now
- every expression's body is a substring of its text
- every value parses: a day, a time to the minute, a moment to the second,
  an interval START/END (END after START, `..` for an open start) or an ISO duration
- future values are at or after the reference moment (days: at or after its day),
  except kinds marked past or last
- request date parameters parse the same way; unsupported ones are in the past
- prints each value with its weekday, its distance in days and weeks from the
  reference moment (and in minutes for offsets) to read over by hand
"""
import datetime as dt
import glob
import os
import re
import sys

import yaml

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATE_PARAMS = {"bookingDateComponents", "preferredBookingDateComponents", "scheduledPickupTime",
               "temporalEventTrigger", "transactionScheduledDate", "dateCreated", "dateTimeRange"}
PAST_PARAMS = {"dateCreated", "dateTimeRange"}
errors = []


def parse_point(s):
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", s):
        return dt.datetime.fromisoformat(s), "day"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}", s):
        return dt.datetime.fromisoformat(s), "minute"
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}", s):
        return dt.datetime.fromisoformat(s), "second"
    raise ValueError("bad point %r" % s)


def parse_value(v):
    """Returns (start, end, kind) with start/end datetimes or None."""
    if re.fullmatch(r"P(T?\d+[WDHMS])+", v) or re.fullmatch(r"P\d+[YMWD](T\d+[HMS])*", v):
        return None, None, "duration"
    if "/" in v:
        a, b = v.split("/")
        start = None if a == ".." else parse_point(a)[0]
        end = None if b == ".." else parse_point(b)[0]
        if start and end and not end > start:
            raise ValueError("interval end not after start: %s" % v)
        return start, end, "interval"
    p, grain = parse_point(v)
    return p, None, grain


NOW = dt.datetime(2026, 10, 29, 16, 30)


def week_label(day):
    """Days from today and the week relative to this one (weeks start on Monday)."""
    today = NOW.date()
    monday = today - dt.timedelta(days=today.weekday())
    weeks = (day - monday).days // 7
    name = {0: "this week", 1: "next week", -1: "last week"}.get(weeks, "%+d weeks" % weeks)
    return "%+dd, %s" % ((day - today).days, name)


def describe(v):
    out = []
    for part in v.split("/"):
        try:
            p, g = parse_point(part)
            extra = ""
            if g == "second":
                extra = " (now %+d min)" % ((p - NOW).total_seconds() // 60)
            out.append("%s %s [%s]%s" % (p.strftime("%a"), part, week_label(p.date()), extra))
        except ValueError:
            out.append(part)
    return " / ".join(out)


def check_future(where, v, now, past):
    start, end, kind = parse_value(v)
    if kind == "duration":
        return
    point = start or end
    if kind == "day" or (kind == "interval" and len(v.split("/")[0 if start else 1]) == 10):
        ref = dt.datetime(now.year, now.month, now.day)
    else:
        ref = now
    if past:
        if point > now:
            errors.append("%s: %s is after now but should be past" % (where, v))
    else:
        # an interval may start before now if it ends after it (tonight, this weekend)
        last = end or start
        if last < ref:
            errors.append("%s: %s is before now" % (where, v))


def main():
    counts = {}
    for path in sorted(glob.glob(os.path.join(HERE, "expressions", "*.yaml"))):
        doc = yaml.safe_load(open(path, encoding="utf-8"))
        lang = doc["language"]
        now = dt.datetime.fromisoformat(doc["now"])
        assert now == dt.datetime(2026, 10, 29, 16, 30), path
        alone = inside = 0
        kinds = {}
        print("== expressions", lang)
        for i, e in enumerate(doc["expressions"]):
            where = "%s expr %d %r" % (lang, i, e.get("text"))
            for key in ("text", "body", "value", "kind"):
                if not isinstance(e.get(key), str):
                    errors.append("%s: missing %s" % (where, key))
            if e["body"] not in e["text"]:
                errors.append("%s: body %r not in text" % (where, e["body"]))
            if e["body"] == e["text"]:
                alone += 1
            else:
                inside += 1
            kinds[e["kind"]] = kinds.get(e["kind"], 0) + 1
            try:
                check_future(where, e["value"], now, past=("past" in e["kind"] or "last" in e["kind"]))
            except ValueError as x:
                errors.append("%s: %s" % (where, x))
            print("  %-45s %s" % (e["body"], describe(e["value"])))
        nd = doc.get("not_dates") or []
        if any(not isinstance(x, str) for x in nd):
            errors.append("%s: not_dates must be strings" % lang)
        counts.setdefault(lang, {})
        counts[lang].update(expressions=len(doc["expressions"]), alone=alone, inside=inside,
                            not_dates=len(nd))
    for path in sorted(glob.glob(os.path.join(HERE, "requests", "*.yaml"))):
        doc = yaml.safe_load(open(path, encoding="utf-8"))
        lang = doc["language"]
        now = dt.datetime.fromisoformat(doc["now"])
        assert now == dt.datetime(2026, 10, 29, 16, 30), path
        print("== requests", lang)
        n = 0
        for i, t in enumerate(doc["tests"]):
            n += 1
            where = "%s request %d %r" % (lang, i, t.get("utterance"))
            for key in ("utterance", "app", "intent", "parameters", "note"):
                if key not in t:
                    errors.append("%s: missing %s" % (where, key))
            if not str(t.get("note", "")).startswith("[datetime]"):
                errors.append("%s: note must start with [datetime]" % where)
            found = False
            for name, val in (t.get("parameters") or {}).items():
                if name not in DATE_PARAMS:
                    continue
                found = True
                unsupported = isinstance(val, dict) and val.get("resolution") == "unsupported"
                v = val["value"] if isinstance(val, dict) else val
                try:
                    check_future(where, v, now, past=(name in PAST_PARAMS) != unsupported)
                except ValueError as x:
                    errors.append("%s: %s" % (where, x))
                print("  %-60s %s %s" % (t["utterance"][:60], name, describe(v)))
            if not found:
                errors.append("%s: no date parameter" % where)
        counts.setdefault(lang, {})["requests"] = n
    print()
    print("| language | expressions | alone / in a sentence | not_dates | requests |")
    print("|---|---|---|---|---|")
    for lang in ["en", "es", "de", "fr", "ja", "zh-Hans"]:
        c = counts.get(lang)
        if c:
            print("| %s | %d | %d / %d | %d | %d |" % (lang, c.get("expressions", 0), c.get("alone", 0),
                                                      c.get("inside", 0), c.get("not_dates", 0),
                                                      c.get("requests", 0)))
    for e in errors:
        print("ERROR", e)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()

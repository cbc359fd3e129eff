#!/usr/bin/env python3
"""Sanity checks for the blind-dates-3 files (no engine involved).

- every file loads with yaml.safe_load and has language and now
- every expression's body is a substring of its text
- every value parses: a day, a time to the minute, a moment to the second,
  an interval START/END (END after START, `..` for an open start) or an ISO duration
- future values are at or after the reference moment (days: at or after its day),
  except kinds marked past or last
- request date parameters parse the same way; unsupported ones are in the past
- the table of useful days in the README (written by hand) matches what
  datetime computes from the reference moment
- where a body (or a request) names exactly one weekday, the value's day (an
  interval's start) is that weekday; where it names a day and a month (digits or
  words for the month), the value's day and month match
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


NOW = dt.datetime(2027, 2, 28, 9, 5)  # Sunday


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


# The table of useful days in README.md, written by hand; checked against datetime below.
USEFUL = {
    "day before yesterday": "Fri 2027-02-26",
    "yesterday": "Sat 2027-02-27",
    "today": "Sun 2027-02-28",
    "tomorrow": "Mon 2027-03-01",
    "day after tomorrow": "Tue 2027-03-02",
    "in 3 days": "Wed 2027-03-03",
    "3 days ago": "Thu 2027-02-25",
    "in a week": "Sun 2027-03-07",
    "in 2 weeks": "Sun 2027-03-14",
    "in 3 weeks": "Sun 2027-03-21",
    "in a month": "Sun 2027-03-28",
    "this weekend": "2027-02-27/2027-03-01",
    "next week": "2027-03-01/2027-03-08",
    "week after next": "2027-03-08/2027-03-15",
    "last week": "2027-02-15/2027-02-22",
    "last weekend": "2027-02-20/2027-02-22",
    "monday = next monday": "Mon 2027-03-01",
    "tuesday = next tuesday": "Tue 2027-03-02",
    "wednesday": "Wed 2027-03-03",
    "friday = next friday": "Fri 2027-03-05",
    "saturday": "Sat 2027-03-06",
    "sunday = next sunday": "Sun 2027-03-07",
    "monday in a week": "Mon 2027-03-08",
    "last saturday": "Sat 2027-02-20",
    "last monday": "Mon 2027-02-15",
    "past saturday": "Sat 2027-02-27",
    "past friday": "Fri 2027-02-26",
    "february 27th": "Sun 2028-02-27",
    "february 29th": "Tue 2028-02-29",
    "january 2nd": "Sun 2028-01-02",
    "december 12th": "Sun 2027-12-12",
    "+15 min": "2027-02-28T09:20:00",
    "+30 min": "2027-02-28T09:35:00",
    "+40 min": "2027-02-28T09:45:00",
    "+90 min": "2027-02-28T10:35:00",
    "+15 h": "2027-03-01T00:05:00",
    "+16 h": "2027-03-01T01:05:00",
}


def check_useful():
    today = NOW.date()
    d = dt.timedelta
    monday = today - d(days=today.weekday())          # Monday of this week
    fmt = lambda x: x.strftime("%a %Y-%m-%d")
    iso = lambda x: x.isoformat()

    def next_weekday(wd):                                # the next one, never today
        n = (wd - today.weekday()) % 7
        return today + d(days=n or 7)

    def last_weekday_past(wd):                           # at or before today, not today
        n = (today.weekday() - wd) % 7
        return today - d(days=n or 7)

    def next_date(m, day):                               # the next such date at or after today
        y = today.year
        while True:
            try:
                x = dt.date(y, m, day)
                if x >= today:
                    return x
            except ValueError:
                pass
            y += 1

    computed = {
        "day before yesterday": fmt(today - d(days=2)),
        "yesterday": fmt(today - d(days=1)),
        "today": fmt(today),
        "tomorrow": fmt(today + d(days=1)),
        "day after tomorrow": fmt(today + d(days=2)),
        "in 3 days": fmt(today + d(days=3)),
        "3 days ago": fmt(today - d(days=3)),
        "in a week": fmt(today + d(weeks=1)),
        "in 2 weeks": fmt(today + d(weeks=2)),
        "in 3 weeks": fmt(today + d(weeks=3)),
        "in a month": fmt(dt.date(2027, 3, 28)),
        "this weekend": "%s/%s" % (iso(monday + d(days=5)), iso(monday + d(days=7))),
        "next week": "%s/%s" % (iso(monday + d(weeks=1)), iso(monday + d(weeks=2))),
        "week after next": "%s/%s" % (iso(monday + d(weeks=2)), iso(monday + d(weeks=3))),
        "last week": "%s/%s" % (iso(monday - d(weeks=1)), iso(monday)),
        "last weekend": "%s/%s" % (iso(monday - d(days=2)), iso(monday)),
        "monday = next monday": fmt(next_weekday(0)),
        "tuesday = next tuesday": fmt(next_weekday(1)),
        "wednesday": fmt(next_weekday(2)),
        "friday = next friday": fmt(next_weekday(4)),
        "saturday": fmt(next_weekday(5)),
        "sunday = next sunday": fmt(next_weekday(6)),
        "monday in a week": fmt(next_weekday(0) + d(weeks=1)),
        "last saturday": fmt(monday - d(weeks=1) + d(days=5)),
        "last monday": fmt(monday - d(weeks=1)),
        "past saturday": fmt(last_weekday_past(5)),
        "past friday": fmt(last_weekday_past(4)),
        "february 27th": fmt(next_date(2, 27)),
        "february 29th": fmt(next_date(2, 29)),
        "january 2nd": fmt(next_date(1, 2)),
        "december 12th": fmt(next_date(12, 12)),
        "+15 min": (NOW + d(minutes=15)).isoformat(),
        "+30 min": (NOW + d(minutes=30)).isoformat(),
        "+40 min": (NOW + d(minutes=40)).isoformat(),
        "+90 min": (NOW + d(minutes=90)).isoformat(),
        "+15 h": (NOW + d(hours=15)).isoformat(),
        "+16 h": (NOW + d(hours=16)).isoformat(),
    }
    # "next" weekdays (of next week) agree with bare weekdays on a Sunday
    for wd in range(7):
        if monday + d(weeks=1) + d(days=wd) != next_weekday(wd):
            errors.append("useful days: next weekday %d differs from the bare one" % wd)
    for k, v in USEFUL.items():
        if computed[k] != v:
            errors.append("useful days: %s written %s, computed %s" % (k, v, computed[k]))
    print("== useful days")
    for k, v in USEFUL.items():
        print("  %-25s %s" % (k, v))


WEEKDAYS = {
    "en": ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
    "de": ["montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag"],
    "es": ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
    "fr": ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
}
MONTHS = {
    "en": ["january", "february|feb", "march", "april", "may", "june", "july", "august",
           "september", "october", "november", "december"],
    "de": ["januar", "februar", "märz", "april", "mai", "juni", "juli", "august",
           "september", "oktober", "november", "dezember"],
    "es": ["enero", "febrero", "marzo", "abril", "mayo", "junio", "julio", "agosto",
           "septiembre", "octubre", "noviembre", "diciembre"],
    "fr": ["janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août",
           "septembre", "octobre", "novembre", "décembre"],
}
CJK_WEEKDAY = {"一": 0, "二": 1, "三": 2, "四": 3, "五": 4, "六": 5, "日": 6, "天": 6}
JA_WEEKDAY = {"月": 0, "火": 1, "水": 2, "木": 3, "金": 4, "土": 5, "日": 6}
CN_DIGITS = {"一": 1, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6, "七": 7, "八": 8, "九": 9}


def cn_number(s):
    if s.isdigit():
        return int(s)
    if s == "十":
        return 10
    if "十" in s:
        a, b = s.split("十")
        return (CN_DIGITS[a] if a else 1) * 10 + (CN_DIGITS[b] if b else 0)
    return CN_DIGITS[s]


def named_weekdays(lang, text):
    t = text.lower()
    if lang in WEEKDAYS:
        return [i for i, w in enumerate(WEEKDAYS[lang]) for _ in re.finditer(w, t)]
    if lang == "ja":
        return [JA_WEEKDAY[m] for m in re.findall(r"([月火水木金土日])曜", t)]
    return [CJK_WEEKDAY[m] for m in re.findall(r"(?:周|星期)([一二三四五六日天])", t)]


def named_day_months(lang, text):
    """[(day or None, month)] for each date named with a month."""
    t = text.lower()
    out = []
    if lang in MONTHS:
        for i, names in enumerate(MONTHS[lang]):
            for m in re.finditer(r"\b(?:%s)\b" % names, t):
                before, after = t[:m.start()], t[m.end():]
                day = None
                pats = {"en": (r"(\d{1,2})(?:st|nd|rd|th)?(?: of)? $", r"^ (\d{1,2})(?:st|nd|rd|th)?\b"),
                        "de": (r"(\d{1,2})\. $", None),
                        "es": (r"(\d{1,2}) de $", None),
                        "fr": (r"(\d{1,2})(?:er)? $", None)}[lang]
                mb = re.search(pats[0], before)
                ma = re.search(pats[1], after) if pats[1] else None
                if mb:
                    day = int(mb.group(1))
                elif ma:
                    day = int(ma.group(1))
                out.append((day, i + 1))
        if lang == "de":
            for m in re.finditer(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.", t):
                out.append((int(m.group(1)), int(m.group(2))))
    else:
        num = r"(\d{1,2}|[一二三四五六七八九十]{1,3})"
        for m in re.finditer(num + r"月(?:" + num + r"[日号])?", t):
            out.append((cn_number(m.group(2)) if m.group(2) else None, cn_number(m.group(1))))
    return out


def first_day(v):
    """The day of a value (an interval's start, or its end's day before for `..`)."""
    start, end, kind = parse_value(v)
    if kind == "duration":
        return None
    if start is None:
        return (end - dt.timedelta(days=1)).date() if len(v.split("/")[1]) == 10 else end.date()
    return start.date()


def check_names(where, lang, text, v):
    day = first_day(v)
    if day is None:
        return
    wds = named_weekdays(lang, text)
    if len(wds) == 1 and day.weekday() != wds[0]:
        errors.append("%s: names weekday %d but %s is (starts on) a %s" % (where, wds[0], v, day.strftime("%A")))
    dms = named_day_months(lang, text)
    if len(dms) == 1:
        d_, m_ = dms[0]
        if day.month != m_ or (d_ is not None and day.day != d_):
            errors.append("%s: names %s.%s but value is %s" % (where, d_, m_, v))


def main():
    counts = {}
    check_useful()
    for path in sorted(glob.glob(os.path.join(HERE, "expressions", "*.yaml"))):
        doc = yaml.safe_load(open(path, encoding="utf-8"))
        lang = doc["language"]
        now = dt.datetime.fromisoformat(doc["now"])
        assert now == NOW, path
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
            try:
                check_names(where, lang, e["body"], e["value"])
            except (ValueError, KeyError) as x:
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
        assert now == NOW, path
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
                try:
                    check_names(where, lang, t["utterance"], v)
                except (ValueError, KeyError) as x:
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

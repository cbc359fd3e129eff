#!/usr/bin/env python3
"""Sanity checks for the blind-dates-4 files (no engine involved).

Adapted from blind-dates-3's tools/check.py for a set of requests only (no expression
files), read at Friday 2027-12-31 17:40 (New Year's Eve).

- every file loads with yaml.safe_load, has language, now (the reference moment) and
  20 tests, each with utterance, app, intent, parameters and a note starting [datetime]
- the app is a sample app in Corpora/apps (Info.plist read with plistlib), the intent is
  in its IntentsSupported, the utterance names the app (its name or an alternative name,
  spaces and case ignored), and the request has exactly one date parameter, one of that
  intent's date parameters
- vocabulary: rideOptionName value and identifier from the app's AppIntentVocabulary of
  the file's language, billPayee / senders identifiers from UserVocabulary.json,
  targetTaskList from Jotter's notebookItemTitle; task titles, ride options, payees,
  senders and lists are said in the utterance; partySize is a number said in the utterance
- every date value parses (a day, a time to the minute, a moment to the second, an
  interval START/END with END after START, `..` for an open start); values of moments to
  come are not before the reference moment, search values and `unsupported` ones are
  not after it
- the value equals the one DERIVED below from the reference moment with datetime, by
  the README's rules written as small functions (future / past preference, ambiguous
  hours, later day 1-5 afternoon / 6-12 morning, parts of the day, weeks, weekends,
  offsets, month arithmetic); the derivation of each request is written separately from
  the YAML value, by hand, and the two must agree
- independent checks from the words of the utterance: a named weekday is the value's
  weekday, and its week is the one said (next / last / bare with future or past
  preference); a named day and month (digits or month names) is the value's; a year in
  digits is the value's year; a relative day (tomorrow, mañana, übermorgen, avant-hier,
  明後日, 前天, "3日前" …) is the value's day; an offset in minutes is now + that many
  minutes to the second
- the table of useful days in README.md (written by hand) matches what datetime computes
- prints each value with its weekday, its distance in days and the week (minutes for
  offsets), and a summary table
"""
import datetime as dt
import glob
import json
import os
import plistlib
import re
import sys

import yaml

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APPS = os.path.normpath(os.path.join(HERE, "..", "..", "apps"))
LANGS = ["en", "es", "de", "fr", "ja", "zh-Hans"]
NOW = dt.datetime(2027, 12, 31, 17, 40)  # Friday, New Year's Eve
T = NOW.date()
MONDAY = T - dt.timedelta(days=T.weekday())   # Monday of this week, 2027-12-27
errors = []
COVER = {"weekday": 0, "day and month": 0, "year": 0, "relative day": 0, "minute offset": 0, "month offset": 0}

INTENT_DATE_PARAMS = {
    "INBookRestaurantReservationIntent": {"bookingDateComponents"},
    "INGetAvailableRestaurantReservationBookingsIntent": {"preferredBookingDateComponents"},
    "INRequestRideIntent": {"scheduledPickupTime"},
    "INAddTasksIntent": {"temporalEventTrigger"},
    "INSetTaskAttributeIntent": {"temporalEventTrigger"},
    "INSearchForNotebookItemsIntent": {"dateTime"},
    "INPayBillIntent": {"transactionScheduledDate", "dueDate"},
    "INSearchForBillsIntent": {"paymentDateRange", "dueDateRange"},
    "INTransferMoneyIntent": {"transactionScheduledDate"},
    "INSearchForPhotosIntent": {"dateCreated"},
    "INStartPhotoPlaybackIntent": {"dateCreated"},
    "INSearchForMessagesIntent": {"dateTimeRange"},
}
DATE_PARAMS = set().union(*INTENT_DATE_PARAMS.values())
# searches of what has been: read with past preference (the pinned values of the notebook
# and bill searches are in the past too)
PAST_PARAMS = {"dateCreated", "dateTimeRange", "dateTime", "paymentDateRange"}


# ---------------------------------------------------------------- values

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


def week_label(day):
    weeks = (day - MONDAY).days // 7
    name = {0: "this week", 1: "next week", -1: "last week"}.get(weeks, "%+d weeks" % weeks)
    return "%+dd, %s" % ((day - T).days, name)


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


def check_future(where, v, past):
    start, end, kind = parse_value(v)
    if kind == "duration":
        return
    point = start or end
    if kind == "day" or (kind == "interval" and len(v.split("/")[0 if start else 1]) == 10):
        ref = dt.datetime(NOW.year, NOW.month, NOW.day)
    else:
        ref = NOW
    if past:
        if point > NOW:
            errors.append("%s: %s is after now but should be past" % (where, v))
    else:
        # an interval may start before now if it ends after it (tonight)
        last = end or start
        if last < ref:
            errors.append("%s: %s is before now" % (where, v))


def first_day(v):
    """The day of a value (an interval's start, or its end's day before for `..`)."""
    start, end, kind = parse_value(v)
    if kind == "duration":
        return None
    if start is None:
        return (end - dt.timedelta(days=1)).date() if len(v.split("/")[1]) == 10 else end.date()
    return start.date()


# ---------------------------------------------------------------- the rules, as functions

def D(n):
    """The day n days from today."""
    return T + dt.timedelta(days=n)


def day(d):
    return d.isoformat()


def at(d, h, m=0):
    return "%sT%02d:%02d" % (d.isoformat(), h, m)


def later(d, h, m=0):
    """An ambiguous hour on a later day said outright: 1-5 afternoon, 6-12 morning."""
    assert 1 <= h <= 12
    return at(d, h + 12 if h <= 5 else h, m)


def amb(h, m=0):
    """An ambiguous hour 1-12 alone or today: the first of the two at or after now,
    today's or tomorrow's."""
    assert 1 <= h <= 12
    cands = []
    for n in (0, 1):
        for hh in (h % 12, h % 12 + 12):
            cands.append(dt.datetime.combine(D(n), dt.time(hh, m)))
    return min(c for c in cands if c >= NOW).strftime("%Y-%m-%dT%H:%M")


def next_at(h, m=0):
    """A settled clock time (0-23) alone: the next one at or after now."""
    for n in (0, 1):
        c = dt.datetime.combine(D(n), dt.time(h, m))
        if c >= NOW:
            return c.strftime("%Y-%m-%dT%H:%M")


def plus(minutes):
    """An offset in minutes or hours, to the second."""
    return (NOW + dt.timedelta(minutes=minutes)).isoformat()


def iv(a, b):
    return "%s/%s" % (a, b)


PARTS = {"morning": (4, 12), "afternoon": (12, 18), "evening": (18, 24), "night": (22, 30)}


def part(d, name):
    a, b = PARTS[name]
    base = dt.datetime.combine(d, dt.time())
    f = "%Y-%m-%dT%H:%M"
    return iv((base + dt.timedelta(hours=a)).strftime(f), (base + dt.timedelta(hours=b)).strftime(f))


def next_wd(wd):
    """A bare weekday, future preference: the next one, never today."""
    return T + dt.timedelta(days=(wd - T.weekday()) % 7 or 7)


def past_wd(wd):
    """A bare weekday, past preference: the last one before today."""
    return T - dt.timedelta(days=(T.weekday() - wd) % 7 or 7)


def next_week_wd(wd):
    """'next <weekday>': that day of next week."""
    return MONDAY + dt.timedelta(days=7 + wd)


def last_week_wd(wd):
    """'last <weekday>': that day of last week."""
    return MONDAY + dt.timedelta(days=-7 + wd)


def week(k):
    """The week k weeks from this one, Monday 00:00 to the Monday after."""
    a = MONDAY + dt.timedelta(weeks=k)
    return iv(day(a), day(a + dt.timedelta(weeks=1)))


def weekend(k):
    """The weekend of the week k weeks from this one, Saturday 00:00 to Monday 00:00."""
    a = MONDAY + dt.timedelta(weeks=k, days=5)
    return iv(day(a), day(a + dt.timedelta(days=2)))


def months_later(k):
    """A month later: the same day of the month, or the month's last."""
    y, m = T.year + (T.month - 1 + k) // 12, (T.month - 1 + k) % 12 + 1
    for d in range(T.day, 27, -1):
        try:
            return dt.date(y, m, d)
        except ValueError:
            pass
    return dt.date(y, m, T.day)


def date_next(m, d):
    """A day and month without a year, future preference: the next at or after today."""
    y = T.year
    while True:
        try:
            x = dt.date(y, m, d)
            if x >= T:
                return x
        except ValueError:
            pass
        y += 1


def date_past(m, d):
    """A day and month without a year, past preference: the last at or before today."""
    y = T.year
    while True:
        try:
            x = dt.date(y, m, d)
            if x <= T:
                return x
        except ValueError:
            pass
        y -= 1


MON, TUE, WED, THU, FRI, SAT, SUN = range(7)

# The expected value of each request, worked out again from the rules, in file order.
DERIVED = {
    "en": [
        at(D(1), 8 + 12, 30),                        # tomorrow night at 8:30 (night, 6-11 after noon)
        at(date_next(1, 12), 7 + 12, 30),            # january twelfth at seven thirty pm
        at(next_week_wd(SAT), 12),                   # next saturday at noon
        at(D(0), 1 + 12),                            # 1 pm today (unsupported)
        weekend(0),                                  # this weekend
        iv(at(D(0), 7 + 12), at(D(0), 9 + 12)),      # from 7 to 9 tonight
        amb(5, 45),                                  # a quarter to six
        amb(1),                                      # at one
        plus(90),                                    # in an hour and a half
        at(D(0), 4 + 12, 15),                        # 4:15 this afternoon (unsupported)
        at(next_wd(MON), 7),                         # monday at 7 am
        day(date_next(2, 29)),                       # february 29th
        day(D(1)),                                   # tomorrow
        later(D(2), 10),                             # the day after tomorrow at 10
        day(dt.date(2028, 1, 3)),                    # january 3rd, 2028
        week(1),                                     # next week
        day(date_past(12, 24)),                      # the 24th of december (past)
        part(past_wd(TUE), "evening"),               # tuesday evening (past)
        day(D(-3)),                                  # three days ago
        part(D(-1), "afternoon"),                    # yesterday afternoon
    ],
    "es": [
        at(D(1), 9 + 12, 30),                        # mañana a las nueve y media de la noche
        later(D(2), 2),                              # pasado mañana a las dos
        at(date_next(1, 8), 21),                     # el sábado 8 de enero a las 21:00
        at(D(0), 2 + 12),                            # hoy a las dos de la tarde (unsupported)
        weekend(0),                                  # este fin de semana
        part(next_week_wd(MON), "evening"),          # el lunes que viene por la noche
        amb(5, 45),                                  # las seis menos cuarto
        plus(20),                                    # dentro de veinte minutos
        amb(1, 30),                                  # a la una y media
        at(D(0), 11),                                # esta mañana a las once (unsupported)
        later(next_wd(SUN), 11),                     # el domingo a las once
        part(D(1), "morning"),                       # mañana por la mañana
        day(dt.date(2028, 1, 15)),                   # el quince de enero de dos mil veintiocho
        day(D(-1)),                                  # ayer
        day(months_later(1)),                        # dentro de un mes
        week(-1),                                    # la semana pasada
        day(date_past(12, 24)),                      # del 24 de diciembre (past)
        day(last_week_wd(SUN)),                      # del domingo pasado
        day(past_wd(TUE)),                           # el martes (past)
        day(D(-2)),                                  # hace dos días
    ],
    "de": [
        at(D(1), 7 + 12, 30),                        # morgen Abend um halb acht
        at(next_wd(SUN), 12),                        # am sonntag um zwölf uhr mittags
        at(dt.date(2028, 1, 12), 19),                # am 12.01.2028 um 19 Uhr
        at(D(0), 13),                                # heute um 13 Uhr (unsupported)
        part(next_wd(SAT), "evening"),               # am Samstagabend
        iv(at(D(0), 18), at(D(0), 20)),              # heute von 18 bis 20 uhr
        amb(5, 45),                                  # um Viertel vor sechs
        plus(30),                                    # in einer halben stunde
        amb(12, 30),                                 # um halb eins
        at(D(0), 4 + 12),                            # heute nachmittag um vier (unsupported)
        later(D(2), 9),                              # übermorgen um neun
        part(D(1), "morning"),                       # morgen früh
        day(date_next(2, 29)),                       # den 29. Februar
        later(next_week_wd(TUE), 8, 30),             # nächsten Dienstag um halb neun
        day(date_next(1, 3)),                        # am 3. Januar
        day(D(14)),                                  # in zwei Wochen
        day(date_past(12, 25)),                      # vom 25.12. (past)
        week(-1),                                    # von letzter woche
        day(past_wd(WED)),                           # vom Mittwoch (past)
        day(D(-7)),                                  # vor einer woche
    ],
    "fr": [
        at(D(1), 8 + 12, 30),                        # demain soir à huit heures et demie
        at(next_wd(SUN), 12),                        # dimanche à midi
        at(date_next(1, 8), 19, 30),                 # le samedi 8 janvier à 19h30
        at(D(0), 13),                                # aujourd'hui à treize heures (unsupported)
        weekend(0),                                  # ce week-end
        iv(at(next_wd(TUE), 12), at(next_wd(TUE), 14)),  # mardi de midi à 14 heures
        amb(5, 45),                                  # six heures moins le quart
        plus(15),                                    # dans un quart d'heure
        next_at(0, 30),                              # minuit et demie
        at(D(0), 8),                                 # ce matin à 8h (unsupported)
        later(next_wd(MON), 9),                      # lundi à 9 h
        part(D(1), "morning"),                       # demain matin
        day(date_next(2, 29)),                       # le 29 février
        week(-1),                                    # la semaine dernière
        day(date_next(1, 10)),                       # le 10 janvier (due date)
        day(D(3)),                                   # dans trois jours
        day(last_week_wd(SAT)),                      # samedi dernier
        part(D(-1), "evening"),                      # hier soir
        day(D(-2)),                                  # avant-hier
        day(past_wd(MON)),                           # lundi (past)
    ],
    "ja": [
        at(D(1), 7 + 12, 30),                        # 明日の夜7時半
        later(next_wd(SUN), 12),                     # 日曜の12時
        at(date_next(1, 8), 6 + 12),                 # 1月8日土曜日の午後6時
        at(D(0), 1 + 12),                            # 今日の午後1時 (unsupported)
        weekend(0),                                  # 今週末
        iv(at(next_week_wd(MON), 18), at(next_week_wd(MON), 20)),  # 来週月曜の18時から20時まで
        amb(5, 45),                                  # 6時15分前
        plus(20),                                    # 20分後
        next_at(0, 30),                              # 0時半
        at(D(0), 9),                                 # 今朝9時 (unsupported)
        later(D(2), 10),                             # 明後日の10時
        part(D(1), "morning"),                       # 明日の朝
        day(date_next(2, 29)),                       # 2月29日
        at(next_week_wd(WED), 3 + 12),               # 来週の水曜日の午後3時
        day(date_next(1, 3)),                        # 1月3日
        week(1),                                     # 来週
        day(last_week_wd(SAT)),                      # 先週の土曜日
        day(date_past(12, 24)),                      # 12月24日 (past)
        day(D(-1)),                                  # 昨日
        day(D(-3)),                                  # 3日前
    ],
    "zh-Hans": [
        at(D(1), 7 + 12, 30),                        # 明天晚上七点半
        at(D(2), 12),                                # 后天中午十二点
        at(dt.date(2028, 1, 8), 6 + 12),             # 2028年1月8日晚上6点
        at(D(0), 1 + 12),                            # 今天下午一点 (unsupported)
        weekend(0),                                  # 这个周末
        iv(at(next_week_wd(TUE), 7 + 12), at(next_week_wd(TUE), 9 + 12)),  # 下周二晚上七点到九点
        amb(5, 45),                                  # 差一刻六点
        plus(30),                                    # 半小时后
        next_at(1),                                  # 凌晨一点
        at(D(0), 8),                                 # 今天早上八点 (unsupported)
        at(D(2), 10),                                # 后天上午十点
        part(D(1), "morning"),                       # 明天早上
        day(date_next(2, 29)),                       # 2月29号
        day(D(-2)),                                  # 前天
        day(next_week_wd(MON)),                      # 下周一
        day(date_next(1, 10)),                       # 1月10号
        weekend(-1),                                 # 上周末
        day(past_wd(WED)),                           # 周三 (past)
        part(D(-1), "evening"),                      # 昨天晚上
        week(-1),                                    # 上周
    ],
}


# ---------------------------------------------------------------- useful days

# The table of useful days in README.md, written by hand; checked against datetime below.
USEFUL = {
    "day before yesterday": "Wed 2027-12-29",
    "yesterday": "Thu 2027-12-30",
    "today": "Fri 2027-12-31",
    "tomorrow": "Sat 2028-01-01",
    "day after tomorrow": "Sun 2028-01-02",
    "in 3 days": "Mon 2028-01-03",
    "3 days ago": "Tue 2027-12-28",
    "a week ago": "Fri 2027-12-24",
    "in 2 weeks": "Fri 2028-01-14",
    "in a month": "Mon 2028-01-31",
    "in 2 months": "Tue 2028-02-29",
    "this week": "2027-12-27/2028-01-03",
    "this weekend": "2028-01-01/2028-01-03",
    "next week": "2028-01-03/2028-01-10",
    "last week": "2027-12-20/2027-12-27",
    "last weekend": "2027-12-25/2027-12-27",
    "saturday / sunday (bare)": "Sat 2028-01-01 / Sun 2028-01-02",
    "monday … thursday (bare = next)": "Mon 2028-01-03 … Thu 2028-01-06",
    "friday (bare, never today)": "Fri 2028-01-07",
    "next friday / saturday / sunday": "Fri 2028-01-07 / Sat 2028-01-08 / Sun 2028-01-09",
    "last monday / last saturday / last sunday": "Mon 2027-12-20 / Sat 2027-12-25 / Sun 2027-12-26",
    "past monday / tuesday / wednesday": "Mon 2027-12-27 / Tue 2027-12-28 / Wed 2027-12-29",
    "past saturday / sunday": "Sat 2027-12-25 / Sun 2027-12-26",
    "january 3rd / 8th / 10th / 12th": "Mon 2028-01-03 / Sat 2028-01-08 / Mon 2028-01-10 / Wed 2028-01-12",
    "february 29th": "Tue 2028-02-29",
    "december 24th / 25th (future)": "Sun 2028-12-24 / Mon 2028-12-25",
    "december 24th / 25th (past)": "Fri 2027-12-24 / Sat 2027-12-25",
    "+15 / +20 / +30 / +90 min": "2027-12-31T17:55:00 / 2027-12-31T18:00:00 / 2027-12-31T18:10:00 / 2027-12-31T19:10:00",
    "ambiguous 5:45 / 7 / 9": "2027-12-31T17:45 / 2027-12-31T19:00 / 2027-12-31T21:00",
    "ambiguous 12:30 / 1 / 1:30 / 5": "2028-01-01T00:30 / 2028-01-01T01:00 / 2028-01-01T01:30 / 2028-01-01T05:00",
}


def check_useful():
    d = dt.timedelta
    fmt = lambda x: x.strftime("%a %Y-%m-%d")
    computed = {
        "day before yesterday": fmt(D(-2)),
        "yesterday": fmt(D(-1)),
        "today": fmt(D(0)),
        "tomorrow": fmt(D(1)),
        "day after tomorrow": fmt(D(2)),
        "in 3 days": fmt(D(3)),
        "3 days ago": fmt(D(-3)),
        "a week ago": fmt(T - d(weeks=1)),
        "in 2 weeks": fmt(T + d(weeks=2)),
        "in a month": fmt(months_later(1)),
        "in 2 months": fmt(months_later(2)),
        "this week": week(0),
        "this weekend": weekend(0),
        "next week": week(1),
        "last week": week(-1),
        "last weekend": weekend(-1),
        "saturday / sunday (bare)": "%s / %s" % (fmt(next_wd(SAT)), fmt(next_wd(SUN))),
        "monday … thursday (bare = next)": "%s … %s" % (fmt(next_wd(MON)), fmt(next_wd(THU))),
        "friday (bare, never today)": fmt(next_wd(FRI)),
        "next friday / saturday / sunday": " / ".join(fmt(next_week_wd(w)) for w in (FRI, SAT, SUN)),
        "last monday / last saturday / last sunday": " / ".join(fmt(last_week_wd(w)) for w in (MON, SAT, SUN)),
        "past monday / tuesday / wednesday": " / ".join(fmt(past_wd(w)) for w in (MON, TUE, WED)),
        "past saturday / sunday": " / ".join(fmt(past_wd(w)) for w in (SAT, SUN)),
        "january 3rd / 8th / 10th / 12th": " / ".join(fmt(date_next(1, x)) for x in (3, 8, 10, 12)),
        "february 29th": fmt(date_next(2, 29)),
        "december 24th / 25th (future)": " / ".join(fmt(date_next(12, x)) for x in (24, 25)),
        "december 24th / 25th (past)": " / ".join(fmt(date_past(12, x)) for x in (24, 25)),
        "+15 / +20 / +30 / +90 min": " / ".join(plus(x) for x in (15, 20, 30, 90)),
        "ambiguous 5:45 / 7 / 9": " / ".join((amb(5, 45), amb(7), amb(9))),
        "ambiguous 12:30 / 1 / 1:30 / 5": " / ".join((amb(12, 30), amb(1), amb(1, 30), amb(5))),
    }
    # Monday to Friday: the bare weekday and "next <weekday>" are the same day (a bare
    # Friday is never today); Saturday and Sunday differ (the bare ones are this weekend's)
    for wd in range(7):
        same = next_wd(wd) == next_week_wd(wd)
        if same != (wd <= FRI):
            errors.append("useful days: bare and next weekday %d: same=%s" % (wd, same))
    for k, v in USEFUL.items():
        if computed[k] != v:
            errors.append("useful days: %s written %s, computed %s" % (k, v, computed[k]))
    if NOW.strftime("%A") != "Friday" or not (dt.date(2028, 3, 1) - dt.date(2028, 2, 1)).days == 29:
        errors.append("reference moment is not a Friday, or 2028 is not a leap year")
    print("== useful days (now %s, a %s)" % (NOW.isoformat(), NOW.strftime("%A")))
    for k, v in USEFUL.items():
        print("  %-44s %s" % (k, v))


# ---------------------------------------------------------------- the apps

def load_apps():
    apps = {}
    for info in glob.glob(os.path.join(APPS, "*", "Info.plist")):
        folder = os.path.dirname(info)
        p = plistlib.load(open(info, "rb"))
        names = {p.get("CFBundleDisplayName", ""), p.get("CFBundleName", "")}
        names |= {a["INAlternativeAppName"] for a in p.get("INAlternativeAppNames", [])}
        supported = p["NSExtension"]["NSExtensionAttributes"]["IntentsSupported"]
        vocab = {}
        for v in glob.glob(os.path.join(folder, "*.lproj", "AppIntentVocabulary.plist")):
            lang = os.path.basename(os.path.dirname(v))[:-len(".lproj")]
            vocab[lang] = plistlib.load(open(v, "rb"))
        uv = os.path.join(folder, "UserVocabulary.json")
        user = json.load(open(uv, encoding="utf-8")) if os.path.exists(uv) else {}
        apps[p["CFBundleIdentifier"]] = dict(names={n for n in names if n}, supported=supported,
                                              vocab=vocab, user=user)
    return apps


def squash(s):
    return re.sub(r"\s+", "", s.lower())


def check_vocabulary(where, lang, utt, app, params):
    u = squash(utt)
    ro = params.get("rideOptionName")
    if ro is not None:
        ok = False
        for pv in app["vocab"].get(lang, {}).get("ParameterVocabularies", []):
            if "INRequestRideIntent.rideOptionName" not in pv["ParameterNames"]:
                continue
            for item in pv["ParameterVocabulary"]:
                phrases = [s["VocabularyItemPhrase"] for s in item["VocabularyItemSynonyms"]]
                if item["VocabularyItemIdentifier"] == ro["identifier"] and ro["value"] in phrases:
                    ok = True
        if not ok:
            errors.append("%s: rideOptionName %s not in the %s vocabulary" % (where, ro, lang))
        if squash(ro["value"]) not in u:
            errors.append("%s: ride option %r not said" % (where, ro["value"]))
    for key, vtype in (("billPayee", "paymentsOrganizationName"), ("senders", "contactName")):
        val = params.get(key)
        if val is None:
            continue
        items = app["user"].get(vtype, [])
        if not any(i.get("identifier") == val["identifier"] and i.get("phrase") == val["value"] for i in items):
            errors.append("%s: %s %s not in the app's UserVocabulary" % (where, key, val))
        if squash(val["value"]) not in u:
            errors.append("%s: %s %r not said" % (where, key, val["value"]))
    tl = params.get("targetTaskList")
    if tl is not None:
        if tl not in app["user"].get("notebookItemTitle", []):
            errors.append("%s: targetTaskList %r not in Jotter's vocabulary" % (where, tl))
        if squash(tl) not in u:
            errors.append("%s: task list %r not said" % (where, tl))
    for title in params.get("taskTitles") or []:
        if squash(title) not in u:
            errors.append("%s: task title %r not said" % (where, title))
    ps = params.get("partySize")
    if ps is not None and not isinstance(ps, int):
        errors.append("%s: partySize %r is not a number" % (where, ps))


# ---------------------------------------------------------------- words of the utterance

WEEKDAYS = {
    "en": ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"],
    "de": ["montag", "dienstag", "mittwoch", "donnerstag", "freitag", "samstag", "sonntag"],
    "es": ["lunes", "martes", "miércoles", "jueves", "viernes", "sábado", "domingo"],
    "fr": ["lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche"],
}
MONTHS = {
    "en": ["january", "february", "march", "april", "may", "june", "july", "august",
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
# "next <weekday>" (the week after this one) and "last <weekday>" (the week before)
WD_ALT = {k: "|".join(v) for k, v in WEEKDAYS.items()}
NEXT_WD = {
    "en": r"\bnext (%s)" % WD_ALT["en"],
    "es": r"(%s) que viene|próximo (%s)" % (WD_ALT["es"], WD_ALT["es"]),
    "de": r"nächste[nrs]? (%s)" % WD_ALT["de"],
    "fr": r"(%s) prochain" % WD_ALT["fr"],
    "ja": r"来週の?[月火水木金土日]曜",
    "zh-Hans": r"下(?:周|星期)[一二三四五六日天]",
}
LAST_WD = {
    "en": r"\blast (%s)" % WD_ALT["en"],
    "es": r"(%s) pasado" % WD_ALT["es"],
    "de": r"letzte[nrs]? (%s)" % WD_ALT["de"],
    "fr": r"(%s) dernier" % WD_ALT["fr"],
    "ja": r"先週の?[月火水木金土日]曜",
    "zh-Hans": r"上(?:周|星期)[一二三四五六日天]",
}
# relative days (longest first; a match is blanked before shorter ones are looked for)
REL_DAYS = {
    "en": [("the day after tomorrow", 2), ("three days ago", -3), ("tomorrow", 1),
           ("yesterday", -1), ("today", 0), ("tonight", 0), ("this afternoon", 0),
           ("this morning", 0)],
    "es": [("pasado mañana", 2), ("esta mañana", 0), ("hace dos días", -2), ("mañana", 1),
           ("ayer", -1), ("hoy", 0)],
    "de": [("übermorgen", 2), ("vor einer woche", -7), ("in zwei wochen", 14), ("morgen", 1),
           ("gestern", -1), ("heute", 0)],
    "fr": [("après-demain", 2), ("avant-hier", -2), ("dans trois jours", 3), ("demain", 1),
           ("hier", -1), ("aujourd'hui", 0), ("ce matin", 0)],
    "ja": [("明後日", 2), ("3日前", -3), ("明日", 1), ("昨日", -1), ("今日", 0), ("今朝", 0)],
    "zh-Hans": [("后天", 2), ("前天", -2), ("明天", 1), ("昨天", -1), ("今天", 0)],
}
MINUTE_OFFSETS = {
    "en": [("in an hour and a half", 90)],
    "es": [("dentro de veinte minutos", 20)],
    "de": [("in einer halben stunde", 30)],
    "fr": [("dans un quart d'heure", 15)],
    "ja": [("20分後", 20)],
    "zh-Hans": [("半小时后", 30)],
}
MONTH_OFFSETS = {"es": [("dentro de un mes", 1)]}


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
        for i, name in enumerate(MONTHS[lang]):
            for m in re.finditer(r"\b%s\b" % name, t):
                before, after = t[:m.start()], t[m.end():]
                pats = {"en": (r"(\d{1,2})(?:st|nd|rd|th)?(?: of)? $", r"^ (\d{1,2})(?:st|nd|rd|th)?\b"),
                        "de": (r"(\d{1,2})\. $", None),
                        "es": (r"(\d{1,2}) de $", None),
                        "fr": (r"(\d{1,2})(?:er)? $", None)}[lang]
                mb = re.search(pats[0], before)
                ma = re.search(pats[1], after) if pats[1] else None
                d_ = int(mb.group(1)) if mb else int(ma.group(1)) if ma else None
                out.append((d_, i + 1))
        if lang == "de":
            for m in re.finditer(r"(?<![\d.])(\d{1,2})\.(\d{1,2})\.", t):
                out.append((int(m.group(1)), int(m.group(2))))
    else:
        num = r"(\d{1,2}|[一二三四五六七八九十]{1,3})"
        for m in re.finditer(num + r"月(?:" + num + r"[日号])?", t):
            out.append((cn_number(m.group(2)) if m.group(2) else None, cn_number(m.group(1))))
    return out


def check_words(where, lang, text, v, past):
    t = text.lower()
    start, end, kind = parse_value(v)
    d0 = first_day(v)
    dms = named_day_months(lang, t)
    if len(dms) == 1:
        COVER["day and month"] += 1
        d_, m_ = dms[0]
        if d0.month != m_ or (d_ is not None and d0.day != d_):
            errors.append("%s: names %s.%s but value is %s" % (where, d_, m_, v))
    years = re.findall(r"(?<!\d)(20\d\d)(?!\d)", t)
    COVER["year"] += len(years) == 1
    if len(years) == 1 and d0.year != int(years[0]):
        errors.append("%s: names the year %s but value is %s" % (where, years[0], v))
    wds = named_weekdays(lang, t)
    if len(wds) == 1:
        wd = wds[0]
        COVER["weekday"] += 1
        if d0.weekday() != wd:
            errors.append("%s: names weekday %d but %s is a %s" % (where, wd, v, d0.strftime("%A")))
        if not dms:   # a day and month pin the week themselves
            if re.search(NEXT_WD[lang], t):
                want, how = next_week_wd(wd), "next"
            elif re.search(LAST_WD[lang], t):
                want, how = last_week_wd(wd), "last"
            elif past:
                want, how = past_wd(wd), "bare, past preference"
            else:
                want, how = next_wd(wd), "bare, future preference"
            if d0 != want:
                errors.append("%s: weekday (%s) should be %s, value %s" % (where, how, want, v))
    rest, found = t, set()
    for phrase, n in REL_DAYS[lang]:
        if phrase in rest:
            found.add(n)
            rest = rest.replace(phrase, " ")
    if len(found) > 1:
        errors.append("%s: several relative days %s" % (where, sorted(found)))
    COVER["relative day"] += len(found) == 1
    if len(found) == 1 and d0 != D(found.pop()):
        errors.append("%s: relative day does not match %s" % (where, v))
    for phrase, n in MINUTE_OFFSETS[lang]:
        COVER["minute offset"] += phrase in t
        if phrase in t and v != plus(n):
            errors.append("%s: offset of %d minutes should be %s, value %s" % (where, n, plus(n), v))
    for phrase, n in MONTH_OFFSETS.get(lang, []):
        COVER["month offset"] += phrase in t
        if phrase in t and v != day(months_later(n)):
            errors.append("%s: offset of %d months should be %s" % (where, n, months_later(n)))


# ---------------------------------------------------------------- main

def main():
    check_useful()
    apps = load_apps()
    summary = {}
    intents_seen = {}
    for lang in LANGS:
        path = os.path.join(HERE, "requests", "%s.yaml" % lang)
        doc = yaml.safe_load(open(path, encoding="utf-8"))
        if doc.get("language") != lang:
            errors.append("%s: language is %r" % (path, doc.get("language")))
        if dt.datetime.fromisoformat(doc["now"]) != NOW:
            errors.append("%s: now is %s" % (path, doc["now"]))
        tests = doc["tests"]
        derived = DERIVED[lang]
        if len(tests) != len(derived):
            errors.append("%s: %d tests but %d derivations" % (lang, len(tests), len(derived)))
        print("== requests", lang)
        s = summary[lang] = dict(requests=len(tests), unsupported=0, past=0, future=0,
                                 intervals=0, offsets=0, lower=0, app_first=0)
        for i, t in enumerate(tests):
            utt = t.get("utterance", "")
            where = "%s #%d %r" % (lang, i + 1, utt)
            for key in ("utterance", "app", "intent", "parameters", "note"):
                if key not in t:
                    errors.append("%s: missing %s" % (where, key))
            if not str(t.get("note", "")).startswith("[datetime]"):
                errors.append("%s: note must start with [datetime]" % where)
            app = apps.get(t.get("app"))
            if app is None:
                errors.append("%s: unknown app %r" % (where, t.get("app")))
                continue
            if t["intent"] not in app["supported"]:
                errors.append("%s: %s does not support %s" % (where, t["app"], t["intent"]))
            if not any(squash(n) in squash(utt) for n in app["names"]):
                errors.append("%s: the utterance does not name %s" % (where, sorted(app["names"])))
            if utt == utt.lower() and lang not in ("ja", "zh-Hans"):
                s["lower"] += 1
            if any(squash(utt).startswith(squash(n)) for n in app["names"]):
                s["app_first"] += 1
            intents_seen.setdefault(t["intent"], []).append(lang)
            params = t.get("parameters") or {}
            check_vocabulary(where, lang, utt, app, params)
            dates = [n for n in params if n in DATE_PARAMS]
            if len(dates) != 1:
                errors.append("%s: %d date parameters" % (where, len(dates)))
                continue
            name = dates[0]
            if name not in INTENT_DATE_PARAMS.get(t["intent"], ()):
                errors.append("%s: %s is not a date parameter of %s" % (where, name, t["intent"]))
            val = params[name]
            unsupported = isinstance(val, dict) and val.get("resolution") == "unsupported"
            v = val["value"] if isinstance(val, dict) else val
            past_pref = name in PAST_PARAMS
            s["unsupported"] += unsupported
            s["past" if past_pref else "future"] += 1
            s["intervals"] += "/" in v
            s["offsets"] += len(v) == 19
            try:
                check_future(where, v, past=past_pref != unsupported)
                check_words(where, lang, utt, v, past_pref)
            except (ValueError, KeyError) as x:
                errors.append("%s: %s" % (where, x))
                continue
            if i < len(derived) and derived[i] != v:
                errors.append("%s: value %s, derived %s" % (where, v, derived[i]))
            print("  %2d %-58s %-15s %s%s" % (i + 1, utt[:58], name[:15], describe(v),
                                             "  [unsupported]" if unsupported else ""))
    print()
    print("| language | requests | future / search | unsupported | intervals | offsets to the second | lower case (ASR) | app first |")
    print("|---|---|---|---|---|---|---|---|")
    for lang in LANGS:
        c = summary[lang]
        print("| %s | %d | %d / %d | %d | %d | %d | %s | %d |" % (
            lang, c["requests"], c["future"], c["past"], c["unsupported"], c["intervals"],
            c["offsets"], c["lower"] if lang not in ("ja", "zh-Hans") else "-", c["app_first"]))
    print()
    print("| intent | requests | languages |")
    print("|---|---|---|")
    for k, v in sorted(intents_seen.items()):
        print("| %s | %d | %s |" % (k, len(v), ", ".join(l for l in LANGS if l in v)))
    print()
    missing = set(INTENT_DATE_PARAMS) - set(intents_seen)
    if missing:
        errors.append("intents with a date parameter not used: %s" % sorted(missing))
    print("checked from the words of the utterances:", ", ".join("%s %d" % kv for kv in COVER.items()))
    total = sum(c["requests"] for c in summary.values())
    print("%d requests, %d values derived and compared, %d errors" % (total, sum(len(v) for v in DERIVED.values()), len(errors)))
    for e in errors:
        print("ERROR", e)
    sys.exit(1 if errors else 0)


if __name__ == "__main__":
    main()

# Consistency check of the blind-6 tests against the app data (not against the engine).
# Adapted from Corpora/tests/blind-5/tools/check.py. Run from anywhere: python3 tools/check.py
# Additions: out-of-scope.yaml (understood: false), exactly 1 example per built-in and 2 per custom
# intent for the new apps, disambiguation options must share a word that the request says.
import plistlib, json, glob, os, re, sys, yaml, collections, difflib, unicodedata
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # Corpora/tests/blind-6
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))         # repository root
SAMPLE = os.path.join(ROOT, 'Corpora/apps/')
OTHER_DIRS = [os.path.join(ROOT, 'Corpora/tests/blind/apps/'), os.path.join(ROOT, 'Corpora/tests/blind-2/apps/')]
NEW = os.path.join(HERE, 'apps/')
LANGS = ['en', 'es', 'de', 'fr', 'ja', 'zh-Hans']
NOW = '2026-12-10T09:20:00'
CAT = open(os.path.join(ROOT, 'Sources/Parlance/Catalogue/IntentCatalogue+Standard.swift')).read()
errors = []; warns = []

# ---------------------------------------------------------------- catalogue: intent -> parameter names
intents = {}
for ch in re.split(r'IntentDefinition\(', CAT)[1:]:
    m = re.match(r'"(\w+)"', ch)
    if m:
        intents[m.group(1)] = re.findall(r'ParameterDefinition\("([\w.]+)"', ch.split('responseCodes')[0].split('static let')[0])
for n in ["INPauseWorkoutIntent", "INResumeWorkoutIntent", "INEndWorkoutIntent", "INCancelWorkoutIntent"]:
    intents[n] = ["workoutName"]
for n in ["INSearchForPhotosIntent", "INStartPhotoPlaybackIntent"]:
    intents[n] = ["albumName", "searchTerms", "peopleInPhoto", "locationCreated", "dateCreated"]
car = ["carName"]
intents["INActivateCarSignalIntent"] = car + ["signals"]; intents["INGetCarLockStatusIntent"] = car
intents["INSetCarLockStatusIntent"] = ["locked"] + car; intents["INGetCarPowerLevelStatusIntent"] = car
media_search = ["mediaSearch.mediaName", "mediaSearch.artistName", "mediaSearch.mediaType", "mediaSearch.genreNames", "mediaSearch.reference"]
intents["INPlayMediaIntent"] = media_search + ["playShuffled", "playbackRepeatMode"]
intents["INAddMediaIntent"] = media_search + ["mediaDestination.playlistName"]
intents["INSearchForMediaIntent"] = media_search
intents["INUpdateMediaAffinityIntent"] = media_search + ["affinityType"]
enums = {}
for m in re.finditer(r'static let (\w+) = ParameterKind\.enumeration\("\w+", \[(.*?)\]\)', CAT, re.S):
    enums[m.group(1)] = re.findall(r'"(\w+)"', m.group(2))
enum_params = {"attributes": "messageAttribute", "attribute": "messageAttribute", "billType": "billType", "status": None,
               "accountType": "accountType", "requestedBalanceType": "balanceType", "currencyAmount.currencyCode": "currency",
               "transactionAmount.currencyCode": "currency", "workoutGoalUnitType": "goalUnit", "workoutLocationType": "workoutLocation",
               "callCapability": "callCapability", "destinationType": "callDestination", "audioRoute": "audioRoute",
               "priority": "taskPriority", "itemType": "notebookItemType", "mediaSearch.mediaType": "mediaType",
               "mediaSearch.reference": "mediaReference", "playbackRepeatMode": "repeatMode", "affinityType": "affinity",
               "signals": "carSignal", "mediaSearch.genreNames": "genre"}
vocab_params = {"recipients", "speakableGroupName", "senders", "speakableGroupNames", "payee", "payer", "billPayee", "fromAccount", "toAccount",
                "accountNickname", "organizationName", "workoutName", "rideOptionName", "contacts", "albumName", "searchTerms", "peopleInPhoto",
                "groupName", "targetNote", "targetTaskList", "targetTask", "title", "mediaSearch.mediaName", "mediaSearch.artistName",
                "mediaDestination.playlistName", "carName"}
print('catalogue intents:', len(intents))


def norm(s):
    s = unicodedata.normalize('NFKC', s).lower()
    return re.sub(r'[\s\W_]+', ' ', s).strip()


# ---------------------------------------------------------------- apps
apps = {}
def load_app(d, group):
    info = plistlib.load(open(os.path.join(d, 'Info.plist'), 'rb'))
    attrs = info['NSExtension']['NSExtensionAttributes']
    a = {'dir': d, 'group': group, 'info': info, 'supported': set(attrs['IntentsSupported']),
         'restricted': set(attrs.get('IntentsRestrictedWhileLocked', [])),
         'names': {info['CFBundleName'], info['CFBundleDisplayName']} | {x['INAlternativeAppName'] for x in info.get('INAlternativeAppNames', [])},
         'ids': collections.defaultdict(set), 'phrases': set(), 'examples': collections.defaultdict(list), 'lprojs': {}}
    uv = os.path.join(d, 'UserVocabulary.json')
    if os.path.exists(uv):
        for typ, items in json.load(open(uv)).items():
            for it in items:
                if isinstance(it, str):
                    a['phrases'].add(it.lower())
                else:
                    a['ids'][it['identifier']].add(it['phrase'].lower()); a['phrases'].add(it['phrase'].lower())
    for p in glob.glob(os.path.join(d, '*.lproj', 'AppIntentVocabulary.plist')):
        lang = p.split('/')[-2].split('.')[0]
        v = plistlib.load(open(p, 'rb'))
        a['lprojs'][lang] = v
        for pv in v.get('ParameterVocabularies', []):
            for it in pv['ParameterVocabulary']:
                for s in it['VocabularyItemSynonyms']:
                    a['ids'][it['VocabularyItemIdentifier']].add(s['VocabularyItemPhrase'].lower()); a['phrases'].add(s['VocabularyItemPhrase'].lower())
        for ip in v.get('IntentPhrases', []):
            a['examples'][lang] += [(ip['IntentName'], e) for e in ip['IntentExamples']]
    if info['CFBundleIdentifier'] in apps: errors.append(f'duplicate bundle id {info["CFBundleIdentifier"]}')
    apps[info['CFBundleIdentifier']] = a

for d in sorted(glob.glob(SAMPLE + '*/')): load_app(d.rstrip('/'), 'sample')
for od in OTHER_DIRS:
    for d in sorted(glob.glob(od + '*/')): load_app(d.rstrip('/'), 'other')
for d in sorted(glob.glob(NEW + '*/')): load_app(d.rstrip('/'), 'new')
print('apps:', len(apps), ' new:', sorted(b for b, a in apps.items() if a['group'] == 'new'))
all_examples = [(b, ln, iname, ex) for b, a in apps.items() for ln, exs in a['examples'].items() for iname, ex in exs]

# ---------------------------------------------------------------- the new apps' data
KATAKANA = re.compile(r'^[\u30A0-\u30FF]+$'); HAN = re.compile(r'^[\u4E00-\u9FFF]+$')
for b, a in apps.items():
    if a['group'] != 'new': continue
    info = a['info']; name = info['CFBundleName']
    if b != 'com.example.' + name.lower(): errors.append(f'{b}: bundle id is not com.example.<lowercase name>')
    for k in ('CFBundleDevelopmentRegion', 'CFBundleDisplayName', 'CFBundleIdentifier', 'CFBundleName', 'INAlternativeAppNames', 'NSExtension'):
        if k not in info: errors.append(f'{b}: Info.plist lacks {k}')
    if info['NSExtension'].get('NSExtensionPointIdentifier') != 'com.apple.intents-service': errors.append(f'{b}: extension point')
    alts = [x['INAlternativeAppName'] for x in info['INAlternativeAppNames']]
    if len(alts) > 3: errors.append(f'{b}: more than 3 alternative names')
    if not any(KATAKANA.match(x) for x in alts): errors.append(f'{b}: no katakana alternative name')
    if not any(HAN.match(x) for x in alts): errors.append(f'{b}: no Chinese alternative name')
    if not a['restricted'] <= a['supported']: errors.append(f'{b}: restricted intents not all supported')
    builtin = [i for i in a['supported'] if i.startswith('IN')]; custom = [i for i in a['supported'] if not i.startswith('IN')]
    if not 1 <= len(builtin) <= 2: errors.append(f'{b}: {len(builtin)} built-in intents')
    if not 2 <= len(custom) <= 3: errors.append(f'{b}: {len(custom)} custom intents')
    for i in builtin:
        if i not in intents: errors.append(f'{b}: {i} is not a catalogue intent')
    for lang in LANGS:
        v = a['lprojs'].get(lang)
        if v is None: errors.append(f'{b}: no {lang}.lproj'); continue
        if not v.get('ParameterVocabularies'): errors.append(f'{b} {lang}: no ParameterVocabularies')
        for pv in v.get('ParameterVocabularies', []):
            for pn in pv['ParameterNames']:
                ic, _, par = pn.partition('.')
                if ic not in a['supported'] or par not in intents.get(ic, []): errors.append(f'{b} {lang}: bad ParameterName {pn}')
        byname = collections.Counter(ip['IntentName'] for ip in v.get('IntentPhrases', []) for _ in ip['IntentExamples'])
        for ip in v.get('IntentPhrases', []):
            if ip['IntentName'] not in a['supported']: errors.append(f'{b} {lang}: phrases for unsupported {ip["IntentName"]}')
            for e in ip['IntentExamples']:
                if name.lower() not in e.lower(): errors.append(f'{b} {lang}: example does not name the app: {e}')
        for c in custom:
            if byname[c] != 2: errors.append(f'{b} {lang}: {byname[c]} example phrases for {c} (2 expected)')
        for c in builtin:
            if byname[c] != 1: errors.append(f'{b} {lang}: {byname[c]} example phrases for {c} (1 expected)')
    # vocabulary of the new app must not clash with another app supporting the same intent
    for ob, oa in apps.items():
        if ob == b: continue
        shared = (a['supported'] & oa['supported'])
        if shared and a['phrases'] & oa['phrases']: errors.append(f'{b}: vocabulary shared with {ob}: {a["phrases"] & oa["phrases"]}')
    # app names must not be another app's names, nor dictionary-like words of other apps' vocabulary
    for ob, oa in apps.items():
        if ob != b and {n.lower() for n in a['names']} & {n.lower() for n in oa['names']}: errors.append(f'{b}: app name shared with {ob}')
        if ob != b and {n.lower() for n in a['names']} & oa['phrases']: errors.append(f'{b}: app name is vocabulary of {ob}')

# ---------------------------------------------------------------- apps of other sets that are NOT installed here
# (blind-5, blind-custom, blind-custom-2): the new apps must not reuse their names, domains or vocabulary.
for od in ['Corpora/tests/blind-5/apps/', 'Corpora/tests/blind-custom/apps/', 'Corpora/tests/blind-custom-2/apps/']:
    for d in sorted(glob.glob(os.path.join(ROOT, od) + '*/')):
        saved = dict(apps); load_app(d.rstrip('/'), 'uninstalled')
        ub, ua = [(k, v) for k, v in apps.items() if k not in saved][0]
        apps.clear(); apps.update(saved)
        for b, a in apps.items():
            if a['group'] != 'new': continue
            if b == ub: errors.append(f'{b}: bundle id already used by {od}')
            if {n.lower() for n in a['names']} & {n.lower() for n in ua['names']}: errors.append(f'{b}: app name used by {ub} ({od})')
            if a['phrases'] & ua['phrases']: errors.append(f'{b}: vocabulary reused from {ub} ({od}): {a["phrases"] & ua["phrases"]}')
            if {i for i in a['supported'] if not i.startswith('IN')} & {i for i in ua['supported'] if not i.startswith('IN')}:
                errors.append(f'{b}: custom intent name used by {ub} ({od})')


# ---------------------------------------------------------------- disambiguation: the options share a word the request says
def words(ph):
    ph = unicodedata.normalize('NFKC', ph).lower()
    if re.search(r'[\u3040-\u30ff\u4e00-\u9fff]', ph):   # no spaces: every substring of 2+ characters
        return {ph[i:j] for i in range(len(ph)) for j in range(i + 2, len(ph) + 1)}
    return {w for w in re.findall(r'[\w]+', ph) if len(w) > 2}


def check_shared(where, a, u, options):
    phs = [a['ids'].get(o) or {o.lower()} for o in options]
    common = set.intersection(*[set().union(*(words(p) for p in ps)) for ps in phs])
    said = [w for w in common if w in unicodedata.normalize('NFKC', u)]
    if said: return
    distinct = [w for ps in phs for p in ps for w in words(p) if len(w) > 3 and w in u]
    if common or distinct:
        errors.append(f'{where}: disambiguation options {options} share no word that the request says (common: {sorted(common)[:5]})')
    else:
        warns.append(f'{where}: generic disambiguation over {options} (no item word said, e.g. "my car")')


# ---------------------------------------------------------------- tests
TAGS = ['plain', 'indirect', 'app-position', 'typo', 'partial-name', 'custom-intent', 'date-time', 'missing-value', 'locked', 'out-of-scope']
DATE_PARAMS = {'bookingDateComponents', 'preferredBookingDateComponents', 'scheduledPickupTime', 'temporalEventTrigger',
               'transactionScheduledDate', 'dueDate', 'dueDateRange', 'dateCreated', 'dateTimeRange', 'dateTime'}
ISO = re.compile(r'^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?(/\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?)?$')
FILES = {'sample-apps.yaml': 'sample', 'other-apps.yaml': 'other', 'new-apps.yaml': 'new', 'out-of-scope.yaml': 'oos'}
oos_naming = collections.Counter(); oos_total = collections.Counter()
counts = collections.defaultdict(collections.Counter)
nfiles = {}
locked_counts = collections.Counter()
for lang in LANGS:
    for kind in FILES:
        if not os.path.exists(os.path.join(HERE, lang, kind)): errors.append(f'missing {lang}/{kind}')
for f in sorted(glob.glob(os.path.join(HERE, '*/*.yaml'))):
    lang = f.split('/')[-2]; kind = os.path.basename(f)
    if kind not in FILES: errors.append(f'unexpected file {lang}/{kind}'); continue
    doc = yaml.safe_load(open(f, encoding='utf-8'))
    if doc.get('language') != lang: errors.append(f'{lang}/{kind}: language is {doc.get("language")}')
    if doc.get('now') != NOW: errors.append(f'{lang}/{kind}: file-level now is not {NOW}')
    nfiles[(lang, kind)] = len(doc['tests'])
    for k in doc:
        if k not in ('language', 'now', 'tests'): errors.append(f'{lang}/{kind}: unknown file key {k}')
    seen = set()
    for i, t in enumerate(doc['tests']):
        where = f'{lang}/{kind}#{i+1} {t.get("utterance")!r}'
        if norm(t['utterance']) in seen: errors.append(f'{where}: duplicate utterance')
        seen.add(norm(t['utterance']))
        m = re.match(r'\[([\w-]+)\] \S', t.get('note', ''))
        if not m or m.group(1) not in TAGS: errors.append(f'{where}: bad tag'); continue
        tag = m.group(1); counts[lang][tag] += 1
        if kind == 'out-of-scope.yaml' or 'understood' in t or tag == 'out-of-scope':
            # a request no installed app can handle: understood: false, no expectation besides
            if kind != 'out-of-scope.yaml' or t.get('understood') is not False or tag != 'out-of-scope':
                errors.append(f'{where}: out-of-scope tests (understood: false, [out-of-scope]) belong in out-of-scope.yaml only')
            for k in t:
                if k not in ('utterance', 'understood', 'note'): errors.append(f'{where}: unknown key {k} in an out-of-scope test')
            u = t['utterance'].lower()
            named = [ob for ob, oa in apps.items()
                     if any(re.search(r'(?<![a-z])' + re.escape(n.lower()) + r'(?![a-z])', u) for n in oa['names'] if len(n) > 3)]
            for (eb, ln, iname, ex) in all_examples:
                if norm(ex) == norm(t['utterance']): errors.append(f'{where}: repeats example phrase of {eb} ({ln})')
            vocab_in = sorted({ph for oa in apps.values() for ph in oa['phrases'] if len(ph) > 3 and re.search(r'(?<![a-z])' + re.escape(ph) + r'(?![a-z])', u)})
            oos_total[lang] += 1
            if named: oos_naming[lang] += 1
            if len(named) > 1: errors.append(f'{where}: names several apps {named}')
            warns.append(f'{where}: out-of-scope, names {named or "no app"}' + (f', app vocabulary {vocab_in}' if vocab_in else ''))
            continue
        for k in t:
            if k not in ('utterance', 'app', 'intent', 'parameters', 'locked', 'requiresUnlock', 'note'):
                errors.append(f'{where}: unknown key {k}')
        for k in ('utterance', 'app', 'intent', 'note'):
            if k not in t: errors.append(f'{where}: missing {k}')
        if isinstance(t['app'], list): errors.append(f'{where}: this set expects a single app'); continue
        b = t['app']
        if b not in apps: errors.append(f'{where}: no app {b}'); continue
        a = apps[b]
        if t['intent'] not in a['supported']: errors.append(f'{where}: {b} does not support {t["intent"]}')
        if a['group'] != FILES[kind]: errors.append(f'{where}: {a["group"]} app in {kind}')
        if 'requiresUnlock' in t and t['requiresUnlock'] != (t['intent'] in a['restricted']):
            errors.append(f'{where}: requiresUnlock mismatch')
        if t.get('locked'): locked_counts[(lang, t.get('requiresUnlock'))] += 1
        is_custom = not t['intent'].startswith('IN')
        if (tag == 'custom-intent') != is_custom: errors.append(f'{where}: custom-intent tag mismatch')
        if is_custom and t.get('parameters'): errors.append(f'{where}: custom intents are expected without parameters')
        u = t['utterance'].lower()
        # no request repeats an example phrase of any app in any language; warn when close to one of its own app
        for (eb, ln, iname, ex) in all_examples:
            if norm(ex) == norm(t['utterance']): errors.append(f'{where}: repeats example phrase of {eb} ({ln})')
            elif eb == b and is_custom and difflib.SequenceMatcher(None, norm(ex), norm(t['utterance'])).ratio() > 0.8:
                warns.append(f'{where}: close to example phrase {ex!r}')
        # app named?
        if not any(n.lower() in u or n.lower().replace(' ', '') in u.replace(' ', '') for n in a['names']):
            warns.append(f'{where}: no app name in utterance')
            mine = [ph for ph in a['phrases'] if ph in u]
            only = [ob for ob, oa in apps.items() if t['intent'] in oa['supported']] == [b]
            if not mine and not only: errors.append(f'{where}: no-app test without app vocabulary in the utterance')
            for ob, oa in apps.items():
                if ob != b and t['intent'] in oa['supported'] and any(ph in u for ph in oa['phrases'] if len(ph) > 2):
                    errors.append(f'{where}: {ob} also supports the intent and has vocabulary in the utterance')
        else:
            # the app named must be the expected one: no other app's name in the request
            for ob, oa in apps.items():
                if ob != b and any(re.search(r'(?<![a-z])' + re.escape(n.lower()) + r'(?![a-z])', u) for n in oa['names'] if len(n) > 3):
                    errors.append(f'{where}: names another app too ({ob})')
        allowed = set() if is_custom else set(intents.get(t['intent'], []))
        params = t.get('parameters') or {}
        res = [v.get('resolution') for v in params.values() if isinstance(v, dict)]
        dates = {p: v for p, v in params.items() if p in DATE_PARAMS}
        for p, v in dates.items():
            if not isinstance(v, str) or not ISO.match(v): errors.append(f'{where}: {p}={v!r} is not ISO 8601')
        if tag == 'date-time' and not dates: errors.append(f'{where}: date-time test lists no date parameter')
        if dates and tag != 'date-time': errors.append(f'{where}: date parameter in a test not tagged date-time')
        if tag == 'locked' and not (t.get('locked') is True and 'requiresUnlock' in t): errors.append(f'{where}: locked test needs locked: true and requiresUnlock')
        if t.get('locked') and 'requiresUnlock' not in t: errors.append(f'{where}: locked without requiresUnlock')
        if 'requiresUnlock' in t and not t.get('locked'): errors.append(f'{where}: requiresUnlock without locked: true')
        if tag == 'missing-value' and 'needsValue' not in res: errors.append(f'{where}: missing-value test without needsValue')
        if tag == 'typo':
            asr = u == t['utterance'] and not re.search(r'[,.!?;:¿¡«»“”"、。，？！：「」]', t['utterance'])
            if 'confirmationRequired' not in res and not asr: errors.append(f'{where}: typo test neither confirmationRequired nor ASR-style')
        if tag == 'partial-name':
            ok = False
            for p, v in params.items():
                if isinstance(v, dict) and v.get('resolution') == 'disambiguation': ok = True
                if isinstance(v, dict) and v.get('resolution') == 'success' and str(v.get('value')).lower() not in u: ok = True
            if not ok: errors.append(f'{where}: partial-name test without disambiguation or partial success')
        for p, v in params.items():
            if p not in allowed: errors.append(f'{where}: parameter {p} not in catalogue for {t["intent"]}')
            if p in enum_params:
                vals = v if isinstance(v, list) else [v]
                e = enum_params[p]
                ok_vals = enums.get(e) if e else (enums['paymentStatus'] + enums['taskStatus'])
                for x in vals:
                    if isinstance(x, bool) or x not in ok_vals: errors.append(f'{where}: {p}={x} not an enum case')
            if isinstance(v, dict):
                for k in v:
                    if k not in ('value', 'identifier', 'resolution', 'options'): errors.append(f'{where}: {p} has unknown key {k}')
                if v.get('resolution') not in (None, 'success', 'disambiguation', 'confirmationRequired', 'needsValue', 'unsupported', 'notRequired'):
                    errors.append(f'{where}: {p} bad resolution {v.get("resolution")}')
                if 'identifier' in v:
                    if v['identifier'] not in a['ids']: errors.append(f'{where}: unknown identifier {v["identifier"]}')
                    elif str(v['value']).lower() not in a['ids'][v['identifier']]:
                        errors.append(f'{where}: value {v["value"]!r} is not a phrase of {v["identifier"]}')
                elif v.get('value') is not None and p in vocab_params and str(v['value']).lower() in a['phrases']:
                    ids_of = [i for i, phs in a['ids'].items() if str(v['value']).lower() in phs]
                    if ids_of: errors.append(f'{where}: {p} value {v["value"]!r} has identifier {ids_of} but none is expected')
                for o in v.get('options', []) or []:
                    if o not in a['ids'] and o.lower() not in a['phrases']: errors.append(f'{where}: unknown option {o}')
                if v.get('resolution') == 'disambiguation':
                    if len(v.get('options') or []) < 2: errors.append(f'{where}: disambiguation needs options')
                    if v.get('value') is not None: errors.append(f'{where}: disambiguation with a value')
                    check_shared(where, a, u, v.get('options') or [])
                if v.get('resolution') == 'needsValue' and v.get('value') is not None: errors.append(f'{where}: needsValue with a value')
                if v.get('resolution') in ('success', 'confirmationRequired') and 'identifier' not in v and p in vocab_params:
                    if str(v['value']).lower() not in a['phrases']: errors.append(f'{where}: value {v["value"]!r} not in vocabulary')
                if v.get('resolution') == 'confirmationRequired' and str(v['value']).lower() in u:
                    errors.append(f'{where}: typo test contains the correct spelling')
                if v.get('resolution') == 'success' and v.get('value') is not None and tag != 'partial-name' and str(v['value']).lower() not in u:
                    errors.append(f'{where}: success value {v["value"]!r} not said (tag it partial-name?)')
            elif isinstance(v, str) and p not in DATE_PARAMS and p not in enum_params:
                if p in vocab_params:
                    if v.lower() not in a['phrases']: warns.append(f'{where}: {p}={v!r} not in app vocabulary (free text?)')
                    elif [i for i, phs in a['ids'].items() if v.lower() in phs]: errors.append(f'{where}: {p}={v!r} has an identifier; give it')
                if v.lower() not in u: errors.append(f'{where}: {p}={v!r} not as said')
    for tg in ('date-time',):
        pass

for lang in LANGS:
    tot = sum(counts[lang].values())
    if tot and counts[lang]['date-time'] >= 0.1 * tot: errors.append(f'{lang}: date-time tests are 10% or more')
    if oos_total[lang] and 2 * oos_naming[lang] < oos_total[lang]: errors.append(f'{lang}: fewer than half of the out-of-scope requests name an app')
print('out-of-scope naming an installed app:', *[f'{l} {oos_naming[l]}/{oos_total[l]}' for l in LANGS])

print('\nERRORS:'); print('\n'.join(errors) or 'none')
print('\nWARNINGS:'); print('\n'.join(warns) or 'none')
print('\nCOUNTS:')
for (lang, kind), n in sorted(nfiles.items()): print(f'{lang:8} {kind:18} {n}')
print('tag', *LANGS, 'all', sep='\t')
for tg in TAGS: print(tg, *[counts[l][tg] for l in LANGS], sum(counts[l][tg] for l in counts), sep='\t')
print('total', *[sum(counts[l].values()) for l in LANGS], sum(sum(c.values()) for c in counts.values()), sep='\t')
print('locked: true (requiresUnlock true/false):', *[f'{l} {locked_counts[(l, True)]}/{locked_counts[(l, False)]}' for l in LANGS])
sys.exit(1 if errors else 0)

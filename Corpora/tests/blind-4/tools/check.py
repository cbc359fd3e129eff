# Consistency check of the blind-4 tests against the app data (not against the engine).
# Adapted from Corpora/tests/blind-3/tools/check.py. Run from anywhere: python3 tools/check.py
import plistlib, json, glob, os, re, sys, yaml, collections
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))   # Corpora/tests/blind-4
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(HERE)))         # repository root
SAMPLE = os.path.join(ROOT, 'Corpora/apps/')
CAT = open(os.path.join(ROOT, 'Sources/Parlance/Catalogue/IntentCatalogue+Standard.swift')).read()
# intent -> parameter names
intents = {}
chunks = re.split(r'IntentDefinition\(', CAT)[1:]
for ch in chunks:
    m = re.match(r'"(\w+)"', ch)
    if m:
        intents[m.group(1)] = re.findall(r'ParameterDefinition\("([\w.]+)"', ch.split('responseCodes')[0].split('static let')[0])
# workouts control() and photos map
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
enum_params = {"attributes": "messageAttribute", "billType": "billType", "status": None, "accountType": "accountType",
               "requestedBalanceType": "balanceType", "currencyAmount.currencyCode": "currency", "transactionAmount.currencyCode": "currency",
               "workoutGoalUnitType": "goalUnit", "workoutLocationType": "workoutLocation", "callCapability": "callCapability",
               "destinationType": "callDestination", "audioRoute": "audioRoute", "priority": "taskPriority", "itemType": "notebookItemType",
               "mediaSearch.mediaType": "mediaType", "mediaSearch.reference": "mediaReference", "playbackRepeatMode": "repeatMode",
               "affinityType": "affinity", "signals": "carSignal", "mediaSearch.genreNames": "genre"}
vocab_params = {"recipients", "speakableGroupName", "senders", "speakableGroupNames", "payee", "payer", "billPayee", "fromAccount", "toAccount",
                "accountNickname", "organizationName", "workoutName", "rideOptionName", "contacts", "albumName", "searchTerms", "peopleInPhoto",
                "groupName", "targetNote", "targetTaskList", "targetTask", "title", "mediaSearch.mediaName", "mediaSearch.artistName",
                "mediaDestination.playlistName", "carName"}
print('catalogue intents:', len(intents))

apps = {}
def load_app(d):
    info = plistlib.load(open(os.path.join(d, 'Info.plist'), 'rb'))
    attrs = info['NSExtension']['NSExtensionAttributes']
    a = {'dir': d, 'supported': set(attrs['IntentsSupported']), 'restricted': set(attrs.get('IntentsRestrictedWhileLocked', [])),
         'names': {info['CFBundleName'], info['CFBundleDisplayName']} | {x['INAlternativeAppName'] for x in info.get('INAlternativeAppNames', [])},
         'ids': collections.defaultdict(set), 'phrases': set(), 'examples': collections.defaultdict(list)}
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
        for pv in v.get('ParameterVocabularies', []):
            for it in pv['ParameterVocabulary']:
                for s in it['VocabularyItemSynonyms']:
                    a['ids'][it['VocabularyItemIdentifier']].add(s['VocabularyItemPhrase'].lower()); a['phrases'].add(s['VocabularyItemPhrase'].lower())
        for ip in v.get('IntentPhrases', []):
            a['examples'][lang] += [(ip['IntentName'], e) for e in ip['IntentExamples']]
    apps[info['CFBundleIdentifier']] = a

for d in sorted(glob.glob(SAMPLE + '*/')) + sorted(glob.glob(os.path.join(ROOT, 'Corpora/tests/blind/apps/*/'))) + sorted(glob.glob(os.path.join(ROOT, 'Corpora/tests/blind-2/apps/*/'))):
    load_app(d.rstrip('/'))
print('apps:', len(apps))

TAGS = ['plain', 'indirect', 'app-position', 'typo', 'partial-name', 'custom-intent', 'date-time', 'locked', 'missing-value', 'unsupported']
DATE_PARAMS = {'bookingDateComponents', 'preferredBookingDateComponents', 'scheduledPickupTime', 'temporalEventTrigger',
               'transactionScheduledDate', 'dueDate', 'dueDateRange', 'dateCreated', 'dateTimeRange', 'dateTime'}
ISO = re.compile(r'^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?(/\d{4}-\d{2}-\d{2}(T\d{2}:\d{2})?)?$')
import difflib
errors = []; warns = []
counts = collections.defaultdict(collections.Counter)
nfiles = {}
for f in sorted(glob.glob(os.path.join(HERE, '*/*.yaml'))):
    lang = f.split('/')[-2]; kind = os.path.basename(f)
    doc = yaml.safe_load(open(f))
    assert doc['language'] == lang, f
    nfiles[(lang, kind)] = len(doc['tests'])
    file_now = doc.get('now')
    for k in doc:
        if k not in ('language', 'now', 'tests'): errors.append(f'{lang}/{kind}: unknown file key {k}')
    seen = set()
    for i, t in enumerate(doc['tests']):
        where = f'{lang}/{kind}#{i+1} {t.get("utterance")!r}'
        for k in t:
            if k not in ('utterance', 'app', 'intent', 'parameters', 'locked', 'requiresUnlock', 'note', 'now'):
                errors.append(f'{where}: unknown key {k}')
        if t['utterance'] in seen: errors.append(f'{where}: duplicate utterance')
        seen.add(t['utterance'])
        m = re.match(r'\[([\w-]+)\](?:\s|$)', t.get('note', ''))
        if not m or m.group(1) not in TAGS: errors.append(f'{where}: bad tag'); continue
        tag = m.group(1); counts[lang][tag] += 1
        applist = t['app'] if isinstance(t['app'], list) else [t['app']]
        for b in applist:
            if b not in apps: errors.append(f'{where}: no app {b}'); continue
            if t['intent'] not in apps[b]['supported']: errors.append(f'{where}: {b} does not support {t["intent"]}')
            if 'requiresUnlock' in t and t['requiresUnlock'] != (t['intent'] in apps[b]['restricted']):
                errors.append(f'{where}: requiresUnlock mismatch')
        if kind == 'sample-apps.yaml' and any(SAMPLE not in apps[b]['dir'] + '/' for b in applist):
            errors.append(f'{where}: sample-apps test for a non-sample app')
        if kind == 'other-apps.yaml' and len(applist) == 1 and SAMPLE in apps[applist[0]]['dir'] + '/':
            errors.append(f'{where}: other-apps test for a sample app')
        is_custom = not t['intent'].startswith('IN')
        is_custom_t = is_custom
        if (tag == 'custom-intent') != is_custom: errors.append(f'{where}: custom-intent tag mismatch')
        # app named?
        u = t['utterance'].lower()
        if len(applist) == 1:
            a = apps[applist[0]]
            if not any(n.lower() in u or n.lower().replace(' ', '') in u.replace(' ', '') for n in a['names']):
                warns.append(f'{where}: no app name in utterance')
                # the vocabulary that picks the app must be unique among apps supporting the intent
                mine = [ph for ph in a['phrases'] if ph in u]
                only = [ob for ob, oa in apps.items() if t['intent'] in oa['supported']] == [applist[0]]
                if not mine and not only: errors.append(f'{where}: no-app test without app vocabulary in the utterance')
                for ob, oa in apps.items():
                    if ob != applist[0] and t['intent'] in oa['supported'] and any(ph in u for ph in oa['phrases'] if len(ph) > 2):
                        errors.append(f'{where}: {ob} also supports the intent and has vocabulary in the utterance')
            # custom intent must not repeat an example phrase
            for ln, exs in a['examples'].items():
                for (iname, ex) in exs:
                    if ex.lower().strip('?？ ') == u.strip('?？ '): errors.append(f'{where}: repeats example phrase')
                    elif is_custom_t and difflib.SequenceMatcher(None, ex.lower(), u).ratio() > 0.8:
                        warns.append(f'{where}: close to example phrase {ex!r}')
        allowed = set()
        if not is_custom: allowed = set(intents.get(t['intent'], []))
        params = t.get('parameters') or {}
        res = [v.get('resolution') for v in params.values() if isinstance(v, dict)]
        now = t.get('now', file_now)
        dates = {p: v for p, v in params.items() if p in DATE_PARAMS}
        for p, v in dates.items():
            if not now: errors.append(f'{where}: date parameter {p} without now')
            if not isinstance(v, str) or not ISO.match(v): errors.append(f'{where}: {p}={v!r} is not ISO 8601')
        if tag == 'date-time' and not dates: errors.append(f'{where}: date-time test lists no date parameter')
        if tag == 'locked' and not (t.get('locked') is True and 'requiresUnlock' in t): errors.append(f'{where}: locked test needs locked: true and requiresUnlock')
        if t.get('locked') and 'requiresUnlock' not in t: errors.append(f'{where}: locked without requiresUnlock')
        if tag == 'missing-value' and 'needsValue' not in res: errors.append(f'{where}: missing-value test without needsValue')
        if tag == 'unsupported':
            if 'unsupported' not in res: errors.append(f'{where}: unsupported test without unsupported')
            for p, v in params.items():
                if isinstance(v, dict) and v.get('resolution') == 'unsupported':
                    if p not in vocab_params: errors.append(f'{where}: unsupported on non-vocabulary parameter {p}')
                    if str(v.get('value')).lower() in apps[applist[0]]['phrases']: errors.append(f'{where}: unsupported value is in the vocabulary')
                    if str(v.get('value')).lower() not in u: errors.append(f'{where}: unsupported value not as said')
        if tag == 'typo':
            asr = u == t['utterance'] and not re.search(r'[,.!?;:¿¡«»“”"、。，？！：]', t['utterance'])
            if 'confirmationRequired' not in res and not asr: errors.append(f'{where}: typo test neither confirmationRequired nor ASR-style')
        if tag == 'partial-name':
            ok = False
            for p, v in params.items():
                if isinstance(v, dict) and v.get('resolution') == 'disambiguation': ok = True
                if isinstance(v, dict) and v.get('resolution') == 'success' and str(v.get('value')).lower() not in u: ok = True
            if not ok: errors.append(f'{where}: partial-name test without disambiguation or partial success')
        for p, v in (t.get('parameters') or {}).items():
            if p not in allowed: errors.append(f'{where}: parameter {p} not in catalogue for {t["intent"]}')
            if p in enum_params:
                vals = v if isinstance(v, list) else [v]
                e = enum_params[p]
                ok_vals = enums.get(e) if e else (enums['paymentStatus'] + enums['taskStatus'])
                for x in vals:
                    if isinstance(x, bool) or x not in ok_vals: errors.append(f'{where}: {p}={x} not an enum case')
            if isinstance(v, dict):
                a = apps[applist[0]]
                if 'identifier' in v:
                    if v['identifier'] not in a['ids']: errors.append(f'{where}: unknown identifier {v["identifier"]}')
                    elif str(v['value']).lower() not in a['ids'][v['identifier']]:
                        errors.append(f'{where}: value {v["value"]!r} is not a phrase of {v["identifier"]}')
                for o in v.get('options', []) or []:
                    if o not in a['ids'] and o.lower() not in a['phrases']: errors.append(f'{where}: unknown option {o}')
                if v.get('resolution') == 'disambiguation' and len(v.get('options') or []) < 2: errors.append(f'{where}: disambiguation needs options')
                if v.get('resolution') in ('success', 'confirmationRequired') and 'identifier' not in v and p in vocab_params:
                    if str(v['value']).lower() not in a['phrases']: errors.append(f'{where}: value {v["value"]!r} not in vocabulary')
                if v.get('resolution') == 'confirmationRequired':
                    # the typo should be in the utterance, not the vocabulary spelling
                    if str(v['value']).lower() in u: errors.append(f'{where}: typo test contains the correct spelling')
            elif p in vocab_params and p not in ('targetTask',) and isinstance(v, (str,)):
                if len(applist) == 1 and v.lower() not in apps[applist[0]]['phrases'] and p not in ('recipients', 'contacts'):
                    warns.append(f'{where}: {p}={v!r} not in app vocabulary (free text?)')

print('\nERRORS:'); print('\n'.join(errors) or 'none')
print('\nWARNINGS:'); print('\n'.join(warns) or 'none')
print('\nCOUNTS:')
for (lang, kind), n in sorted(nfiles.items()): print(f'{lang:8} {kind:18} {n}')
print('tag', *[l for l in ['en','es','de','fr','ja','zh-Hans']], sep='\t')
for tg in TAGS: print(tg, *[counts[l][tg] for l in ['en','es','de','fr','ja','zh-Hans']], sum(counts[l][tg] for l in counts), sep='\t')
print('total', *[sum(counts[l].values()) for l in ['en','es','de','fr','ja','zh-Hans']], sep='\t')
sys.exit(1 if errors else 0)

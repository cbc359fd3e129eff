# Consistency check of the blind-custom-2 tests against the app data (not against the engine).
# Adapted from Corpora/tests/blind-custom/tools/check.py. Run from anywhere: python3 tools/check.py
import plistlib, glob, os, re, sys, unicodedata, collections, difflib, yaml
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))      # Corpora/tests/blind-custom-2
REPO = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
LANGS = ['en', 'es', 'de', 'fr', 'ja', 'zh-Hans']
TAGS = ['custom-intent', 'built-in', 'no-such-intent']
CAT = open(os.path.join(REPO, 'Sources/Parlance/Catalogue/IntentCatalogue+Standard.swift')).read()
builtin_names = set(re.findall(r'"(IN\w+Intent)"', CAT))
errors, warns = [], []

apps = {}
def load_app(d, mine):
    info = plistlib.load(open(os.path.join(d, 'Info.plist'), 'rb'))
    attrs = info['NSExtension']['NSExtensionAttributes']
    bid = info['CFBundleIdentifier']
    a = {'dir': d, 'mine': mine, 'supported': set(attrs['IntentsSupported']),
         'restricted': set(attrs.get('IntentsRestrictedWhileLocked', [])),
         'names': {info['CFBundleName'], info['CFBundleDisplayName']} | {x['INAlternativeAppName'] for x in info.get('INAlternativeAppNames', [])},
         'examples': collections.defaultdict(list)}
    if not a['restricted'] <= a['supported']: errors.append(f'{bid}: restricted intent not supported')
    for p in sorted(glob.glob(os.path.join(d, '*.lproj', 'AppIntentVocabulary.plist'))):
        lang = p.split('/')[-2].split('.')[0]
        v = plistlib.load(open(p, 'rb'))
        if mine and 'ParameterVocabularies' in v: errors.append(f'{bid} {lang}: ParameterVocabularies')
        for ip in v.get('IntentPhrases', []):
            if ip['IntentName'] not in a['supported']: errors.append(f'{bid} {lang}: phrases for unsupported {ip["IntentName"]}')
            a['examples'][lang] += [(ip['IntentName'], e) for e in ip['IntentExamples']]
    for n in a['supported']:
        if n.startswith('IN') and n not in builtin_names: errors.append(f'{bid}: {n} is not a catalogue intent')
    if mine:
        if bid != 'com.example.' + info['CFBundleName'].lower(): errors.append(f'{bid}: bundle id')
        custom = [n for n in a['supported'] if not n.startswith('IN')]
        builtin = [n for n in a['supported'] if n.startswith('IN')]
        if not 2 <= len(custom) <= 3: errors.append(f'{bid}: {len(custom)} custom intents')
        if len(builtin) > 1: errors.append(f'{bid}: {len(builtin)} built-in intents')
        for n in custom:
            if not re.fullmatch(r'[A-Z][A-Za-z]*Intent', n): errors.append(f'{bid}: custom intent name {n}')
        alts = [x['INAlternativeAppName'] for x in info.get('INAlternativeAppNames', [])]
        if len(alts) != 3 or not re.search(r'[\u30a0-\u30ff]', alts[1]) or not re.search(r'[\u4e00-\u9fff]', alts[2]):
            errors.append(f'{bid}: alternative names {alts}')
        for lang in LANGS:
            if not os.path.exists(os.path.join(d, f'{lang}.lproj', 'AppIntentVocabulary.plist')): errors.append(f'{bid}: no {lang}.lproj'); continue
            for n in sorted(a['supported']):
                exs = [e for i, e in a['examples'][lang] if i == n]
                want = 1 if n.startswith('IN') else 2
                if len(exs) != want: errors.append(f'{bid} {lang}: {n} has {len(exs)} examples')
                for e in exs:
                    if not any(nm.lower() in e.lower() for nm in a['names']): errors.append(f'{bid} {lang}: example without the app name: {e}')
    if bid in apps: errors.append(f'duplicate bundle id {bid}')
    apps[bid] = a

existing = []
for sub in ('Corpora/apps', 'Corpora/tests/blind/apps', 'Corpora/tests/blind-2/apps', 'Corpora/tests/blind-custom/apps'):
    existing += sorted(glob.glob(os.path.join(REPO, sub, '*/')))
for d in existing:
    load_app(d.rstrip('/'), False)
for d in sorted(glob.glob(os.path.join(HERE, 'apps/*/'))):
    load_app(d.rstrip('/'), True)
print('apps:', len(apps), '(new:', sum(a['mine'] for a in apps.values()), ')')

# new app names must not clash with an existing app's names
old_names = {n.lower().replace(' ', '') for a in apps.values() if not a['mine'] for n in a['names']}
for bid, a in apps.items():
    if a['mine']:
        for n in a['names']:
            if n.lower().replace(' ', '') in old_names: errors.append(f'{bid}: name {n} clashes with an existing app')

def norm(s):
    s = unicodedata.normalize('NFKC', s).lower()
    s = ''.join(ch for ch in s if not unicodedata.category(ch).startswith(('P', 'S')))
    return ' '.join(s.split())
examples = {}
for bid, a in apps.items():
    for lang, exs in a['examples'].items():
        for i, e in exs: examples[norm(e)] = (bid, lang, e)

def names_app(u, a):
    return any(norm(n).replace(' ', '') in u.replace(' ', '') for n in a['names'])

counts = collections.defaultdict(collections.Counter)
kinds = collections.defaultdict(collections.Counter)
locked = collections.Counter()
closest = []
for lang in LANGS:
    f = os.path.join(HERE, lang, 'custom-intents.yaml')
    try:
        doc = yaml.safe_load(open(f, encoding='utf-8'))
    except Exception as e:
        errors.append(f'{f}: does not load: {e}'); continue
    if doc.get('language') != lang: errors.append(f'{f}: language {doc.get("language")}')
    seen = set()
    for i, t in enumerate(doc['tests']):
        where = f'{lang}#{i+1} {t.get("utterance")!r}'
        for k in t:
            if k not in ('utterance', 'app', 'intent', 'parameters', 'locked', 'requiresUnlock', 'note', 'understood'):
                errors.append(f'{where}: unknown key {k}')
        u = norm(t['utterance'])
        if u in seen: errors.append(f'{where}: duplicate utterance')
        seen.add(u)
        if u in examples: errors.append(f'{where}: repeats the example phrase {examples[u]}')
        m = re.match(r'\[([\w-]+)\] ', t.get('note', ''))
        if not m or m.group(1) not in TAGS: errors.append(f'{where}: bad tag'); continue
        tag = m.group(1); counts[lang][tag] += 1
        if t.get('locked'): locked[lang] += 1
        if tag == 'no-such-intent':
            if t.get('understood') is not False: errors.append(f'{where}: no-such-intent without understood: false')
            for k in ('app', 'intent', 'parameters', 'locked', 'requiresUnlock'):
                if k in t: errors.append(f'{where}: no-such-intent with {k}')
            named = [b for b, a in apps.items() if a['mine'] and names_app(u, a)]
            if len(named) != 1: errors.append(f'{where}: names {len(named)} new apps')
            else: kinds[lang]['new app'] += 1
            continue
        if 'understood' in t: errors.append(f'{where}: understood on an in-scope test')
        for k in ('utterance', 'app', 'intent', 'note'):
            if k not in t: errors.append(f'{where}: missing {k}')
        is_custom = not t['intent'].startswith('IN')
        if (tag == 'custom-intent') != is_custom: errors.append(f'{where}: tag does not match the intent')
        if t.get('parameters'): errors.append(f'{where}: parameters (only app and intent are expected)')
        applist = t['app'] if isinstance(t['app'], list) else [t['app']]
        for b in applist:
            if b not in apps: errors.append(f'{where}: no app {b}'); continue
            a = apps[b]
            kinds[lang]['new app' if a['mine'] else 'existing app'] += 1
            if tag == 'built-in' and not a['mine']: errors.append(f'{where}: built-in test of an existing app')
            if t['intent'] not in a['supported']: errors.append(f'{where}: {b} does not support {t["intent"]}')
            if 'requiresUnlock' in t and t['requiresUnlock'] != (t['intent'] in a['restricted']):
                errors.append(f'{where}: requiresUnlock {t["requiresUnlock"]} but restricted={t["intent"] in a["restricted"]}')
            if t.get('locked') and 'requiresUnlock' not in t: errors.append(f'{where}: locked without requiresUnlock')
            if is_custom and lang not in {l for l, exs in a['examples'].items() if any(n == t['intent'] for n, _ in exs)}:
                warns.append(f'{where}: {b} has no {lang} example for {t["intent"]}')
            if not names_app(u, a):
                errors.append(f'{where}: the app is not named')
            exs = [e for l, xs in a['examples'].items() if l == lang for n, e in xs if n == t['intent']]
            if exs:
                r, e = max((difflib.SequenceMatcher(None, u, norm(e)).ratio(), e) for e in exs)
                closest.append((r, lang, t['utterance'], e))

print('\nERRORS:'); print('\n'.join(errors) or 'none')
print('\nWARNINGS:'); print('\n'.join(warns) or 'none')
print('\nCLOSEST TO AN EXAMPLE PHRASE (difflib ratio, review by hand):')
for r, lang, u, e in sorted(closest, reverse=True)[:12]: print(f'{r:.2f} {lang}: {u}  ~  {e}')
print('\nCOUNTS:')
print('', *LANGS, 'all', sep='\t')
for tg in TAGS: print(tg, *[counts[l][tg] for l in LANGS], sum(counts[l][tg] for l in LANGS), sep='\t')
for k in ('new app', 'existing app'): print(k, *[kinds[l][k] for l in LANGS], sum(kinds[l][k] for l in LANGS), sep='\t')
print('locked', *[locked[l] for l in LANGS], sum(locked.values()), sep='\t')
print('total', *[sum(counts[l].values()) for l in LANGS], sum(sum(counts[l].values()) for l in LANGS), sep='\t')
sys.exit(1 if errors else 0)

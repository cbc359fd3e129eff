# Consistency check of the blind-custom tests against the app data (not against the engine).
# Adapted from Corpora/tests/blind-2/tools/check.py. Run from anywhere: python3 tools/check.py
import plistlib, glob, os, re, sys, unicodedata, collections, yaml
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))      # Corpora/tests/blind-custom
REPO = os.path.abspath(os.path.join(HERE, '..', '..', '..'))
LANGS = ['en', 'es', 'de', 'fr', 'ja', 'zh-Hans']
TAGS = ['custom-intent', 'built-in']
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
        for ip in v.get('IntentPhrases', []):
            if ip['IntentName'] not in a['supported']: errors.append(f'{bid} {lang}: phrases for unsupported {ip["IntentName"]}')
            a['examples'][lang] += [(ip['IntentName'], e) for e in ip['IntentExamples']]
    for n in a['supported']:
        if n.startswith('IN') and n not in builtin_names: errors.append(f'{bid}: {n} is not a catalogue intent')
    if mine:
        if not bid.startswith('com.example.'): errors.append(f'{bid}: bundle id')
        custom = [n for n in a['supported'] if not n.startswith('IN')]
        if not 2 <= len(custom) <= 3: errors.append(f'{bid}: {len(custom)} custom intents')
        for lang in LANGS:
            if not os.path.exists(os.path.join(d, f'{lang}.lproj', 'AppIntentVocabulary.plist')): errors.append(f'{bid}: no {lang}.lproj'); continue
            for n in custom:
                exs = [e for i, e in a['examples'][lang] if i == n]
                if len(exs) != 2: errors.append(f'{bid} {lang}: {n} has {len(exs)} examples')
                for e in exs:
                    if not any(nm.lower() in e.lower() for nm in a['names']): errors.append(f'{bid} {lang}: example without the app name: {e}')
    if bid in apps: errors.append(f'duplicate bundle id {bid}')
    apps[bid] = a

for d in sorted(glob.glob(os.path.join(REPO, 'Corpora/apps/*/'))) + sorted(glob.glob(os.path.join(REPO, 'Corpora/tests/blind/apps/*/'))) \
        + sorted(glob.glob(os.path.join(REPO, 'Corpora/tests/blind-2/apps/*/'))):
    load_app(d.rstrip('/'), False)
for d in sorted(glob.glob(os.path.join(HERE, 'apps/*/'))):
    load_app(d.rstrip('/'), True)
print('apps:', len(apps), '(new:', sum(a['mine'] for a in apps.values()), ')')

def norm(s):
    s = unicodedata.normalize('NFKC', s).lower()
    s = ''.join(ch for ch in s if not unicodedata.category(ch).startswith(('P', 'S')))
    return ' '.join(s.split())
examples = {}
for bid, a in apps.items():
    for lang, exs in a['examples'].items():
        for i, e in exs: examples[norm(e)] = (bid, lang, e)

counts = collections.defaultdict(collections.Counter)
kinds = collections.defaultdict(collections.Counter)
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
            if k not in ('utterance', 'app', 'intent', 'parameters', 'locked', 'requiresUnlock', 'note'):
                errors.append(f'{where}: unknown key {k}')
        for k in ('utterance', 'app', 'intent', 'note'):
            if k not in t: errors.append(f'{where}: missing {k}')
        u = norm(t['utterance'])
        if u in seen: errors.append(f'{where}: duplicate utterance')
        seen.add(u)
        if u in examples: errors.append(f'{where}: repeats the example phrase {examples[u]}')
        m = re.match(r'\[([\w-]+)\] ', t.get('note', ''))
        if not m or m.group(1) not in TAGS: errors.append(f'{where}: bad tag'); continue
        tag = m.group(1); counts[lang][tag] += 1
        is_custom = not t['intent'].startswith('IN')
        if (tag == 'custom-intent') != is_custom: errors.append(f'{where}: tag does not match the intent')
        if is_custom and t.get('parameters'): errors.append(f'{where}: custom intent with parameters')
        applist = t['app'] if isinstance(t['app'], list) else [t['app']]
        for b in applist:
            if b not in apps: errors.append(f'{where}: no app {b}'); continue
            a = apps[b]
            kinds[lang]['new app' if a['mine'] else 'existing app'] += 1
            if t['intent'] not in a['supported']: errors.append(f'{where}: {b} does not support {t["intent"]}')
            if 'requiresUnlock' in t and t['requiresUnlock'] != (t['intent'] in a['restricted']):
                errors.append(f'{where}: requiresUnlock {t["requiresUnlock"]} but restricted={t["intent"] in a["restricted"]}')
            if t.get('locked') and 'requiresUnlock' not in t: warns.append(f'{where}: locked without requiresUnlock')
            if is_custom and lang not in {l for l, exs in a['examples'].items() if any(n == t['intent'] for n, _ in exs)}:
                warns.append(f'{where}: {b} has no {lang} example for {t["intent"]}')
            if not any(norm(n).replace(' ', '') in u.replace(' ', '') for n in a['names']):
                errors.append(f'{where}: the app is not named')

print('\nERRORS:'); print('\n'.join(errors) or 'none')
print('\nWARNINGS:'); print('\n'.join(warns) or 'none')
print('\nCOUNTS:')
print('', *LANGS, 'all', sep='\t')
for tg in TAGS: print(tg, *[counts[l][tg] for l in LANGS], sum(counts[l][tg] for l in LANGS), sep='\t')
for k in ('new app', 'existing app'): print(k, *[kinds[l][k] for l in LANGS], sum(kinds[l][k] for l in LANGS), sep='\t')
print('total', *[sum(counts[l].values()) for l in LANGS], sum(sum(counts[l].values()) for l in LANGS), sep='\t')
sys.exit(1 if errors else 0)

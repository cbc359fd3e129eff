# Generates the four new apps of blind-custom in the sample apps' formats (plistlib, XML plists).
# Adapted from Corpora/tests/blind-2/tools/gen_apps.py. Run: python3 tools/gen_apps.py
import plistlib, os
ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'apps')
LANGS = ['en', 'es', 'de', 'fr', 'ja', 'zh-Hans']

def info(display, bundle, name, alts, supported, restricted):
    return {
        'CFBundleDevelopmentRegion': 'en',
        'CFBundleDisplayName': display,
        'CFBundleIdentifier': bundle,
        'CFBundleName': name,
        'INAlternativeAppNames': [dict([('INAlternativeAppName', a)] + ([('INAlternativeAppNamePronunciationHint', h)] if h else [])) for a, h in alts],
        'NSExtension': {
            'NSExtensionAttributes': {
                'IntentsRestrictedWhileLocked': restricted,
                'IntentsSupported': supported,
            },
            'NSExtensionPointIdentifier': 'com.apple.intents-service',
        },
    }

def vocab(phrases):
    return {'IntentPhrases': [{'IntentExamples': ex, 'IntentName': n} for n, ex in phrases]}

def write(app, infod, vocabs):
    base = os.path.join(ROOT, app)
    os.makedirs(base, exist_ok=True)
    with open(os.path.join(base, 'Info.plist'), 'wb') as f:
        plistlib.dump(infod, f, sort_keys=True)
    for lang in LANGS:
        os.makedirs(os.path.join(base, f'{lang}.lproj'), exist_ok=True)
        with open(os.path.join(base, f'{lang}.lproj', 'AppIntentVocabulary.plist'), 'wb') as f:
            plistlib.dump(vocabs[lang], f, sort_keys=True)

# ---------------------------------------------------------------- HomeHive (smart home appliances)
hh = {
    'en': [('StartVacuumIntent', ['Start the robot vacuum with HomeHive', 'Have HomeHive vacuum the living room']),
           ('PreheatOvenIntent', ['Preheat the oven to 200 degrees in HomeHive', 'Turn on the oven with HomeHive'])],
    'es': [('StartVacuumIntent', ['Pon en marcha el robot aspirador con HomeHive', 'Que HomeHive aspire el salón']),
           ('PreheatOvenIntent', ['Precalienta el horno a 200 grados en HomeHive', 'Enciende el horno con HomeHive'])],
    'de': [('StartVacuumIntent', ['Starte den Saugroboter mit HomeHive', 'Lass HomeHive das Wohnzimmer saugen']),
           ('PreheatOvenIntent', ['Heiz den Backofen in HomeHive auf 200 Grad vor', 'Schalte den Ofen mit HomeHive ein'])],
    'fr': [('StartVacuumIntent', ["Lance l'aspirateur robot avec HomeHive", 'Demande à HomeHive de passer l\'aspirateur dans le salon']),
           ('PreheatOvenIntent', ['Préchauffe le four à 200 degrés dans HomeHive', 'Allume le four avec HomeHive'])],
    'ja': [('StartVacuumIntent', ['HomeHiveでロボット掃除機を動かして', 'HomeHiveでリビングを掃除して']),
           ('PreheatOvenIntent', ['HomeHiveでオーブンを200度に予熱して', 'HomeHiveでオーブンをつけて'])],
    'zh-Hans': [('StartVacuumIntent', ['用HomeHive启动扫地机器人', '让HomeHive打扫一下客厅']),
                ('PreheatOvenIntent', ['在HomeHive里把烤箱预热到200度', '用HomeHive打开烤箱'])],
}
write('HomeHive',
      info('HomeHive', 'com.example.homehive', 'HomeHive',
           [('Home Hive', None), ('ホームハイブ', 'ほーむはいぶ'), ('家居蜂巢', 'jia1 ju1 feng1 chao2')],
           ['StartVacuumIntent', 'PreheatOvenIntent'],
           ['PreheatOvenIntent']),
      {l: vocab(hh[l]) for l in LANGS})

# ---------------------------------------------------------------- ParkPilot (street parking)
pp = {
    'en': [('INPayBillIntent', ['Pay my parking ticket with ParkPilot']),
           ('StartParkingIntent', ['Start a parking session in ParkPilot', 'Pay for parking here with ParkPilot']),
           ('ExtendParkingIntent', ['Extend my parking by an hour in ParkPilot', 'Add more time to my parking with ParkPilot']),
           ('FindParkedCarIntent', ['Where did I park, ParkPilot?', 'Show where my car is parked in ParkPilot'])],
    'es': [('INPayBillIntent', ['Paga mi multa de aparcamiento con ParkPilot']),
           ('StartParkingIntent', ['Empieza a aparcar en ParkPilot', 'Paga el aparcamiento aquí con ParkPilot']),
           ('ExtendParkingIntent', ['Amplía mi aparcamiento una hora en ParkPilot', 'Añade más tiempo a mi aparcamiento con ParkPilot']),
           ('FindParkedCarIntent', ['¿Dónde aparqué, ParkPilot?', 'Muéstrame dónde está aparcado mi coche en ParkPilot'])],
    'de': [('INPayBillIntent', ['Bezahl meinen Strafzettel mit ParkPilot']),
           ('StartParkingIntent', ['Starte einen Parkvorgang in ParkPilot', 'Bezahl das Parken hier mit ParkPilot']),
           ('ExtendParkingIntent', ['Verlängere mein Parken um eine Stunde in ParkPilot', 'Gib meinem Parkschein mit ParkPilot mehr Zeit']),
           ('FindParkedCarIntent', ['Wo habe ich geparkt, ParkPilot?', 'Zeig mir in ParkPilot, wo mein Auto steht'])],
    'fr': [('INPayBillIntent', ['Paie mon amende de stationnement avec ParkPilot']),
           ('StartParkingIntent', ['Démarre un stationnement dans ParkPilot', 'Paie le stationnement ici avec ParkPilot']),
           ('ExtendParkingIntent', ["Prolonge mon stationnement d'une heure dans ParkPilot", 'Ajoute du temps à mon stationnement avec ParkPilot']),
           ('FindParkedCarIntent', ['Où est-ce que je me suis garé, ParkPilot ?', 'Montre où est garée ma voiture dans ParkPilot'])],
    'ja': [('INPayBillIntent', ['ParkPilotで駐車違反の反則金を払って']),
           ('StartParkingIntent', ['ParkPilotで駐車を開始して', 'ParkPilotでここの駐車料金を払って']),
           ('ExtendParkingIntent', ['ParkPilotで駐車を1時間延長して', 'ParkPilotで駐車時間を追加して']),
           ('FindParkedCarIntent', ['ParkPilotで車を停めた場所を教えて', 'ParkPilotで駐車位置を表示して'])],
    'zh-Hans': [('INPayBillIntent', ['用ParkPilot交我的停车罚单']),
                ('StartParkingIntent', ['在ParkPilot里开始停车计费', '用ParkPilot付这里的停车费']),
                ('ExtendParkingIntent', ['在ParkPilot里把停车延长一小时', '用ParkPilot给我的停车加点时间']),
                ('FindParkedCarIntent', ['ParkPilot我的车停在哪了', '在ParkPilot里显示我的停车位置'])],
}
write('ParkPilot',
      info('ParkPilot', 'com.example.parkpilot', 'ParkPilot',
           [('Park Pilot', None), ('パークパイロット', 'ぱーくぱいろっと'), ('停车领航', 'ting2 che1 ling3 hang2')],
           ['INPayBillIntent', 'StartParkingIntent', 'ExtendParkingIntent', 'FindParkedCarIntent'],
           ['INPayBillIntent', 'StartParkingIntent', 'ExtendParkingIntent']),
      {l: vocab(pp[l]) for l in LANGS})

# ---------------------------------------------------------------- Lingora (language learning)
li = {
    'en': [('INPlayMediaIntent', ['Play the Spanish podcast in Lingora']),
           ('StartLessonIntent', ["Start today's lesson in Lingora", 'Continue my French course with Lingora']),
           ('ReviewFlashcardsIntent', ['Review my flashcards in Lingora', 'Quiz me on new words with Lingora'])],
    'es': [('INPlayMediaIntent', ['Pon el podcast de inglés en Lingora']),
           ('StartLessonIntent', ['Empieza la lección de hoy en Lingora', 'Continúa mi curso de francés con Lingora']),
           ('ReviewFlashcardsIntent', ['Repasa mis tarjetas en Lingora', 'Pregúntame palabras nuevas con Lingora'])],
    'de': [('INPlayMediaIntent', ['Spiel den Englisch-Podcast in Lingora']),
           ('StartLessonIntent', ['Starte die heutige Lektion in Lingora', 'Mach mit meinem Französischkurs in Lingora weiter']),
           ('ReviewFlashcardsIntent', ['Wiederhole meine Karteikarten in Lingora', 'Frag mich mit Lingora neue Vokabeln ab'])],
    'fr': [('INPlayMediaIntent', ['Lance le podcast en anglais dans Lingora']),
           ('StartLessonIntent', ["Commence la leçon du jour dans Lingora", 'Reprends mon cours d\'espagnol avec Lingora']),
           ('ReviewFlashcardsIntent', ['Révise mes cartes mémoire dans Lingora', 'Interroge-moi sur les nouveaux mots avec Lingora'])],
    'ja': [('INPlayMediaIntent', ['Lingoraで英語のポッドキャストを再生して']),
           ('StartLessonIntent', ['Lingoraで今日のレッスンを始めて', 'Lingoraでフランス語コースの続きをやって']),
           ('ReviewFlashcardsIntent', ['Lingoraで単語カードを復習して', 'Lingoraで新しい単語のクイズを出して'])],
    'zh-Hans': [('INPlayMediaIntent', ['用Lingora播放英语播客']),
                ('StartLessonIntent', ['在Lingora里开始今天的课程', '用Lingora继续我的法语课']),
                ('ReviewFlashcardsIntent', ['在Lingora里复习我的单词卡', '用Lingora考考我新单词'])],
}
write('Lingora',
      info('Lingora', 'com.example.lingora', 'Lingora',
           [('Lingo Ra', None), ('リンゴラ', 'りんごら'), ('灵果拉', 'ling2 guo3 la1')],
           ['INPlayMediaIntent', 'StartLessonIntent', 'ReviewFlashcardsIntent'],
           []),
      {l: vocab(li[l]) for l in LANGS})

# ---------------------------------------------------------------- Pillpal (medication reminders)
pi = {
    'en': [('INAddTasksIntent', ['Remind me to take my vitamins at 8 with Pillpal']),
           ('LogDoseIntent', ['Log my morning pills in Pillpal', 'Tell Pillpal I took my medication']),
           ('NextDoseIntent', ['When is my next dose in Pillpal?', 'Which pill is next in Pillpal'])],
    'es': [('INAddTasksIntent', ['Recuérdame tomar las vitaminas a las 8 con Pillpal']),
           ('LogDoseIntent', ['Registra mis pastillas de la mañana en Pillpal', 'Dile a Pillpal que ya me tomé la medicación']),
           ('NextDoseIntent', ['¿Cuándo me toca la próxima dosis en Pillpal?', '¿Qué pastilla me toca ahora en Pillpal?'])],
    'de': [('INAddTasksIntent', ['Erinnere mich mit Pillpal um 8 an meine Vitamine']),
           ('LogDoseIntent', ['Trag meine Morgentabletten in Pillpal ein', 'Sag Pillpal, dass ich meine Medikamente genommen habe']),
           ('NextDoseIntent', ['Wann ist meine nächste Dosis in Pillpal?', 'Welche Tablette kommt als Nächstes in Pillpal'])],
    'fr': [('INAddTasksIntent', ['Rappelle-moi de prendre mes vitamines à 8 heures avec Pillpal']),
           ('LogDoseIntent', ['Enregistre mes comprimés du matin dans Pillpal', "Dis à Pillpal que j'ai pris mes médicaments"]),
           ('NextDoseIntent', ['Quand est ma prochaine prise dans Pillpal ?', 'Quel comprimé dois-je prendre ensuite dans Pillpal'])],
    'ja': [('INAddTasksIntent', ['Pillpalで8時にビタミンを飲むようにリマインドして']),
           ('LogDoseIntent', ['Pillpalで朝の薬を記録して', 'Pillpalに薬を飲んだと伝えて']),
           ('NextDoseIntent', ['Pillpalで次の服用はいつ？', 'Pillpalで次に飲む薬は何？'])],
    'zh-Hans': [('INAddTasksIntent', ['用Pillpal提醒我八点吃维生素']),
                ('LogDoseIntent', ['在Pillpal里记录我早上的药', '告诉Pillpal我已经吃过药了']),
                ('NextDoseIntent', ['Pillpal我下一次吃药是什么时候', '在Pillpal里看看下一颗该吃什么药'])],
}
write('Pillpal',
      info('Pillpal', 'com.example.pillpal', 'Pillpal',
           [('Pill Pal', None), ('ピルパル', 'ぴるぱる'), ('药伴', 'yao4 ban4')],
           ['INAddTasksIntent', 'LogDoseIntent', 'NextDoseIntent'],
           ['NextDoseIntent']),
      {l: vocab(pi[l]) for l in LANGS})
print('ok')

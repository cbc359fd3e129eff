# Generates the three new apps of blind-6 in the existing apps' formats (XML plists via plistlib,
# UserVocabulary.json shaped like the blind and blind-2 apps'). Adapted from blind-5's gen_apps.py.
# Run from anywhere: python3 tools/gen_apps.py
import plistlib, json, os
ROOT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), 'apps')
LANGS = ['en', 'es', 'de', 'fr', 'ja', 'zh-Hans']


def info(display, bundle, name, alts, supported, restricted):
    return {
        'CFBundleDevelopmentRegion': 'en',
        'CFBundleDisplayName': display,
        'CFBundleIdentifier': bundle,
        'CFBundleName': name,
        'INAlternativeAppNames': [dict([('INAlternativeAppName', a)] + ([('INAlternativeAppNamePronunciationHint', h)] if h else []))
                                  for a, h in alts],
        'NSExtension': {
            'NSExtensionAttributes': {'IntentsRestrictedWhileLocked': restricted, 'IntentsSupported': supported},
            'NSExtensionPointIdentifier': 'com.apple.intents-service',
        },
    }


def vocab(phrases, params=None):
    d = {'IntentPhrases': [{'IntentExamples': ex, 'IntentName': n} for n, ex in phrases]}
    if params:
        d['ParameterVocabularies'] = [{'ParameterNames': names, 'ParameterVocabulary': [
            {'VocabularyItemIdentifier': ident, 'VocabularyItemSynonyms': [
                dict([('VocabularyItemPhrase', p)] + ([('VocabularyItemPronunciation', pr)] if pr else [])) for p, pr in syns]}
            for ident, syns in items]} for names, items in params]
    return d


def write(app, infod, vocabs, user=None):
    base = os.path.join(ROOT, app)
    os.makedirs(base, exist_ok=True)
    with open(os.path.join(base, 'Info.plist'), 'wb') as f:
        plistlib.dump(infod, f, sort_keys=True)
    for lang in LANGS:
        os.makedirs(os.path.join(base, f'{lang}.lproj'), exist_ok=True)
        with open(os.path.join(base, f'{lang}.lproj', 'AppIntentVocabulary.plist'), 'wb') as f:
            plistlib.dump(vocabs[lang], f, sort_keys=True)
    if user:
        with open(os.path.join(base, 'UserVocabulary.json'), 'w', encoding='utf-8') as f:
            json.dump(user, f, ensure_ascii=False, indent=2)
            f.write('\n')


def item(ident, phrase, pron=None):
    d = {'identifier': ident, 'phrase': phrase}
    if pron:
        d['pronunciation'] = pron
    return d


# ---------------------------------------------------------------- Staybrio (hotel stays: front desk, room service, digital key)
# App-wide hotel desks for calls; per language two desks share a word (reception / Rezeption / フロント / 前台).
desks = {
    'en': [('desk:main', [('Main Reception', None)]), ('desk:spa', [('Spa Reception', None)]),
           ('service:room-service', [('Room Service', None)]), ('service:concierge', [('Concierge', None)])],
    'es': [('desk:main', [('Recepción principal', None)]), ('desk:spa', [('Recepción del spa', None)]),
           ('service:room-service', [('Servicio de habitaciones', None)]), ('service:concierge', [('Conserjería', None)])],
    'de': [('desk:main', [('Rezeption Haupthaus', None)]), ('desk:spa', [('Rezeption Wellness', None)]),
           ('service:room-service', [('Zimmerservice', None)]), ('service:concierge', [('Concierge', None)])],
    'fr': [('desk:main', [('Réception principale', None)]), ('desk:spa', [('Réception du spa', None)]),
           ('service:room-service', [('Service en chambre', None)]), ('service:concierge', [('Conciergerie', None)])],
    'ja': [('desk:main', [('本館フロント', 'ほんかんふろんと')]), ('desk:annex', [('別館フロント', 'べっかんふろんと')]),
           ('service:room-service', [('ルームサービス', 'るーむさーびす')]), ('service:concierge', [('コンシェルジュ', 'こんしぇるじゅ')])],
    'zh-Hans': [('desk:main', [('主楼前台', 'zhu3 lou2 qian2 tai2')]), ('desk:spa', [('水疗中心前台', 'shui3 liao2 zhong1 xin1 qian2 tai2')]),
                ('service:room-service', [('客房服务', 'ke4 fang2 fu2 wu4')]), ('service:concierge', [('礼宾部', 'li3 bin1 bu4')])],
}
sb_phrases = {
    'en': [('INStartCallIntent', ['Call Room Service with Staybrio']),
           ('ShowRoomKeyIntent', ['Show my room key in Staybrio', 'Open my digital key with Staybrio']),
           ('RequestHousekeepingIntent', ['Ask Staybrio for fresh towels', 'Request housekeeping with Staybrio']),
           ('LateCheckoutIntent', ['Request a late checkout in Staybrio', 'Can I check out later, Staybrio?'])],
    'es': [('INStartCallIntent', ['Llama a Conserjería con Staybrio']),
           ('ShowRoomKeyIntent', ['Muestra la llave de mi habitación en Staybrio', 'Abre mi llave digital con Staybrio']),
           ('RequestHousekeepingIntent', ['Pide toallas limpias con Staybrio', 'Solicita el servicio de limpieza en Staybrio']),
           ('LateCheckoutIntent', ['Pide salida tardía en Staybrio', '¿Puedo dejar la habitación más tarde, Staybrio?'])],
    'de': [('INStartCallIntent', ['Ruf den Zimmerservice mit Staybrio an']),
           ('ShowRoomKeyIntent', ['Zeig meinen Zimmerschlüssel in Staybrio', 'Öffne meinen digitalen Schlüssel mit Staybrio']),
           ('RequestHousekeepingIntent', ['Bestell frische Handtücher über Staybrio', 'Bitte Staybrio um eine Zimmerreinigung']),
           ('LateCheckoutIntent', ['Beantrage einen späten Check-out in Staybrio', 'Kann ich später auschecken, Staybrio?'])],
    'fr': [('INStartCallIntent', ['Appelle le Service en chambre avec Staybrio']),
           ('ShowRoomKeyIntent', ['Affiche ma clé de chambre dans Staybrio', 'Ouvre ma clé numérique avec Staybrio']),
           ('RequestHousekeepingIntent', ['Demande des serviettes propres à Staybrio', 'Demande le ménage de la chambre avec Staybrio']),
           ('LateCheckoutIntent', ['Demande un départ tardif dans Staybrio', 'Je peux libérer la chambre plus tard, Staybrio ?'])],
    'ja': [('INStartCallIntent', ['Staybrioでルームサービスに電話して']),
           ('ShowRoomKeyIntent', ['Staybrioでルームキーを表示して', 'Staybrioでデジタルキーを開いて']),
           ('RequestHousekeepingIntent', ['Staybrioで新しいタオルを頼んで', 'Staybrioで部屋の清掃をお願いして']),
           ('LateCheckoutIntent', ['Staybrioでレイトチェックアウトを申し込んで', 'Staybrio、チェックアウトを遅らせられる？'])],
    'zh-Hans': [('INStartCallIntent', ['用Staybrio给客房服务打电话']),
                ('ShowRoomKeyIntent', ['在Staybrio里显示我的房卡', '用Staybrio打开电子钥匙']),
                ('RequestHousekeepingIntent', ['用Staybrio要几条干净毛巾', '在Staybrio里申请打扫房间']),
                ('LateCheckoutIntent', ['在Staybrio里申请延迟退房', 'Staybrio，我能晚点退房吗'])],
}
write('Staybrio',
      info('Staybrio', 'com.example.staybrio', 'Staybrio',
           [('Stay Brio', None), ('ステイブリオ', 'すていぶりお'), ('悦住', 'yue4 zhu4')],
           ['INStartCallIntent', 'ShowRoomKeyIntent', 'RequestHousekeepingIntent', 'LateCheckoutIntent'],
           ['ShowRoomKeyIntent', 'LateCheckoutIntent']),
      {l: vocab(sb_phrases[l], [(['INStartCallIntent.contacts'], desks[l])]) for l in LANGS})

# ---------------------------------------------------------------- Stovella (recipes: saved recipes, cooking steps, shopping basket)
# The app's shopping list (app-wide) and the user's saved recipes (UserVocabulary.json); per language two recipes share a word.
basket = {
    'en': [('list:basket', [('Shopping Basket', None)])],
    'es': [('list:basket', [('Cesta de la compra', None)])],
    'de': [('list:basket', [('Einkaufskorb', None)])],
    'fr': [('list:basket', [('Panier de courses', None)])],
    'ja': [('list:basket', [('買い物かご', 'かいものかご')])],
    'zh-Hans': [('list:basket', [('菜篮子', 'cai4 lan2 zi5')])],
}
sv_phrases = {
    'en': [('INSearchForNotebookItemsIntent', ['Find my Banana Bread recipe in Stovella']),
           ('INAddTasksIntent', ['Add flour to my Shopping Basket in Stovella']),
           ('NextStepIntent', ["What's the next step in Stovella?", 'Read the next step with Stovella']),
           ('ScaleRecipeIntent', ['Double this recipe in Stovella', 'Scale the recipe to six servings with Stovella'])],
    'es': [('INSearchForNotebookItemsIntent', ['Busca mi receta de Crema de calabaza en Stovella']),
           ('INAddTasksIntent', ['Añade harina a la Cesta de la compra en Stovella']),
           ('NextStepIntent', ['¿Cuál es el siguiente paso en Stovella?', 'Lee el próximo paso con Stovella']),
           ('ScaleRecipeIntent', ['Duplica esta receta en Stovella', 'Ajusta la receta para seis personas con Stovella'])],
    'de': [('INSearchForNotebookItemsIntent', ['Such mein Rezept Apfelstrudel in Stovella']),
           ('INAddTasksIntent', ['Setz Mehl auf den Einkaufskorb in Stovella']),
           ('NextStepIntent', ['Was ist der nächste Schritt in Stovella?', 'Lies den nächsten Schritt mit Stovella vor']),
           ('ScaleRecipeIntent', ['Verdopple das Rezept in Stovella', 'Rechne das Rezept mit Stovella auf sechs Portionen um'])],
    'fr': [('INSearchForNotebookItemsIntent', ['Trouve ma recette Blanquette de veau dans Stovella']),
           ('INAddTasksIntent', ['Ajoute de la farine au Panier de courses dans Stovella']),
           ('NextStepIntent', ["C'est quoi l'étape suivante dans Stovella ?", 'Lis la prochaine étape avec Stovella']),
           ('ScaleRecipeIntent', ['Double cette recette dans Stovella', 'Adapte la recette pour six personnes avec Stovella'])],
    'ja': [('INSearchForNotebookItemsIntent', ['Stovellaで肉じゃがのレシピを探して']),
           ('INAddTasksIntent', ['Stovellaで買い物かごに小麦粉を追加して']),
           ('NextStepIntent', ['Stovellaで次の手順を教えて', 'Stovellaで次のステップを読み上げて']),
           ('ScaleRecipeIntent', ['Stovellaでこのレシピを倍にして', 'Stovellaでレシピを6人分に変えて'])],
    'zh-Hans': [('INSearchForNotebookItemsIntent', ['在Stovella里找红烧肉的菜谱']),
                ('INAddTasksIntent', ['用Stovella把面粉加到菜篮子']),
                ('NextStepIntent', ['Stovella下一步是什么', '用Stovella读一下下一步']),
                ('ScaleRecipeIntent', ['在Stovella里把这个菜谱加倍', '用Stovella把菜谱改成六人份'])],
}
write('Stovella',
      info('Stovella', 'com.example.stovella', 'Stovella',
           [('ストヴェラ', 'すとゔぇら'), ('斯托维拉', 'si1 tuo1 wei2 la1')],
           ['INSearchForNotebookItemsIntent', 'INAddTasksIntent', 'NextStepIntent', 'ScaleRecipeIntent'],
           []),
      {l: vocab(sv_phrases[l], [(['INAddTasksIntent.targetTaskList'], basket[l])]) for l in LANGS},
      {'notebookItemTitle': [
          item('recipe:lemon-roast-chicken', 'Lemon Roast Chicken'), item('recipe:garlic-roast-chicken', 'Garlic Roast Chicken'),
          item('recipe:banana-bread', 'Banana Bread'),
          item('recipe:tortilla-patatas', 'Tortilla de patatas'), item('recipe:tortilla-calabacin', 'Tortilla de calabacín'),
          item('recipe:crema-calabaza', 'Crema de calabaza'),
          item('recipe:kartoffelsalat-speck', 'Kartoffelsalat mit Speck'), item('recipe:kartoffelsalat-gurke', 'Kartoffelsalat mit Gurke'),
          item('recipe:apfelstrudel', 'Apfelstrudel'),
          item('recipe:tarte-pommes', 'Tarte aux pommes'), item('recipe:tarte-poireaux', 'Tarte aux poireaux'),
          item('recipe:blanquette', 'Blanquette de veau'),
          item('recipe:tori-teriyaki', '鶏の照り焼き', 'とりのてりやき'), item('recipe:buri-teriyaki', 'ぶりの照り焼き', 'ぶりのてりやき'),
          item('recipe:nikujaga', '肉じゃが', 'にくじゃが'),
          item('recipe:fanqie-chaodan', '番茄炒蛋', 'fan1 qie2 chao3 dan4'), item('recipe:fanqie-niunan', '番茄牛腩', 'fan1 qie2 niu2 nan3'),
          item('recipe:hongshaorou', '红烧肉', 'hong2 shao1 rou4'),
      ]})

# ---------------------------------------------------------------- Bellwick (school-parent app: teachers, class groups, absences, lunch menu)
office = {
    'en': [('office:school', [('School Office', None)])],
    'es': [('office:school', [('Secretaría del colegio', None)])],
    'de': [('office:school', [('Schulsekretariat', None)])],
    'fr': [('office:school', [("Secrétariat de l'école", None)])],
    'ja': [('office:school', [('学校事務室', 'がっこうじむしつ')])],
    'zh-Hans': [('office:school', [('学校办公室', 'xue2 xiao4 ban4 gong1 shi4')])],
}
bw_phrases = {
    'en': [('INSendMessageIntent', ['Message Laura Whitfield on Bellwick saying Tom will be picked up at three']),
           ('ReportAbsenceIntent', ['Report my child absent today in Bellwick', 'Tell Bellwick my kid is home sick']),
           ('ShowLunchMenuIntent', ["What's for lunch today in Bellwick?", 'Show the school lunch menu in Bellwick'])],
    'es': [('INSendMessageIntent', ['Manda un mensaje a Carmen Ibáñez por Bellwick que diga Lucas sale a las tres']),
           ('ReportAbsenceIntent', ['Avisa en Bellwick de que mi hijo falta hoy', 'Dile a Bellwick que mi hija está enferma']),
           ('ShowLunchMenuIntent', ['¿Qué hay de comer hoy en el cole según Bellwick?', 'Enséñame el menú del comedor en Bellwick'])],
    'de': [('INSendMessageIntent', ['Schick Sabine Brandt über Bellwick: Lena wird um drei abgeholt']),
           ('ReportAbsenceIntent', ['Melde mein Kind heute in Bellwick krank', 'Sag Bellwick, dass mein Sohn heute fehlt']),
           ('ShowLunchMenuIntent', ['Was gibt es heute zum Mittagessen laut Bellwick?', 'Zeig den Speiseplan der Mensa in Bellwick'])],
    'fr': [('INSendMessageIntent', ['Envoie un message à Hélène Marchetti sur Bellwick : Léo part à seize heures']),
           ('ReportAbsenceIntent', ["Signale l'absence de mon enfant aujourd'hui dans Bellwick", 'Dis à Bellwick que ma fille est malade']),
           ('ShowLunchMenuIntent', ["Qu'est-ce qu'il y a à la cantine aujourd'hui dans Bellwick ?", 'Affiche le menu de la cantine dans Bellwick'])],
    'ja': [('INSendMessageIntent', ['Bellwickで森田由紀先生に「今日は3時にお迎えに行きます」と送って']),
           ('ReportAbsenceIntent', ['Bellwickで子どもの欠席を連絡して', 'Bellwickに息子が熱で休むと伝えて']),
           ('ShowLunchMenuIntent', ['Bellwickで今日の給食を教えて', 'Bellwickで給食の献立を見せて'])],
    'zh-Hans': [('INSendMessageIntent', ['用Bellwick给刘晓燕发消息说孩子下午三点接']),
                ('ReportAbsenceIntent', ['在Bellwick里给孩子请假', '告诉Bellwick我女儿今天生病不去学校']),
                ('ShowLunchMenuIntent', ['Bellwick今天午饭吃什么', '在Bellwick里看看食堂菜单'])],
}
write('Bellwick',
      info('Bellwick', 'com.example.bellwick', 'Bellwick',
           [('Bell Wick', None), ('ベルウィック', 'べるうぃっく'), ('贝尔维克', 'bei4 er3 wei2 ke4')],
           ['INSendMessageIntent', 'ReportAbsenceIntent', 'ShowLunchMenuIntent'],
           ['INSendMessageIntent', 'ReportAbsenceIntent']),
      {l: vocab(bw_phrases[l], [(['INSendMessageIntent.recipients'], office[l])]) for l in LANGS},
      {'contactName': [
          item('teacher:laura-whitfield', 'Laura Whitfield'), item('coach:marcus-odell', 'Marcus Odell'),
          item('teacher:carmen-ibanez', 'Carmen Ibáñez'), item('teacher:alvaro-meseguer', 'Álvaro Meseguer'),
          item('teacher:sabine-brandt', 'Sabine Brandt'), item('teacher:joerg-tiedemann', 'Jörg Tiedemann'),
          item('teacher:helene-marchetti', 'Hélène Marchetti'), item('teacher:yannick-le-goff', 'Yannick Le Goff'),
          item('teacher:morita-yuki', '森田由紀', 'もりたゆき'), item('teacher:ishii-ken', '石井健', 'いしいけん'),
          item('teacher:liu-xiaoyan', '刘晓燕', 'liu2 xiao3 yan4'), item('teacher:ma-jianguo', '马建国', 'ma3 jian4 guo2'),
      ], 'contactGroupName': [
          item('group:year4-parents', 'Year 4 Parents'), item('group:familias-4b', 'Familias de cuarto B'),
          item('group:eltern-3b', 'Eltern der 3b'), item('group:parents-cm1', 'Parents du CM1'),
          item('group:3-2-hogosha', '3年2組保護者', 'さんねんにくみほごしゃ'), item('group:sannian-erban', '三年二班家长群', 'san1 nian2 er4 ban1 jia1 zhang3 qun2'),
      ]})

# Generates the three new apps in the sample apps' formats (plistlib, tabs, XML plists).
import plistlib, json, os
ROOT = '/work/blind-2/apps'
LANGS = ['en', 'es', 'de', 'fr', 'ja', 'zh-Hans']

def info(display, bundle, name, alts, supported, restricted):
    d = {
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
    return d

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

# ---------------------------------------------------------------- HarborHop (ferry booking)
RIDE = ['INRequestRideIntent.rideOptionName']
ride_options = {
    'en': [('walk_on', [('Walk-on', None), ('Foot Passenger', None)]), ('standard_vehicle', [('Standard Vehicle', None)]),
           ('oversize_vehicle', [('Oversize Vehicle', None)]), ('bicycle', [('Bicycle', None), ('Bike', None)])],
    'es': [('walk_on', [('Pasajero a pie', None)]), ('standard_vehicle', [('Coche estándar', None)]),
           ('oversize_vehicle', [('Coche grande', None)]), ('bicycle', [('Bicicleta', None), ('Bici', None)])],
    'de': [('walk_on', [('Fußgänger', None)]), ('standard_vehicle', [('Auto Standard', None)]),
           ('oversize_vehicle', [('Auto Übergröße', None)]), ('bicycle', [('Fahrrad', None)])],
    'fr': [('walk_on', [('Piéton', None)]), ('standard_vehicle', [('Voiture standard', None)]),
           ('oversize_vehicle', [('Voiture grand gabarit', None)]), ('bicycle', [('Vélo', None)])],
    'ja': [('walk_on', [('徒歩', 'とほ')]), ('standard_vehicle', [('普通車', 'ふつうしゃ')]),
           ('oversize_vehicle', [('大型車', 'おおがたしゃ')]), ('bicycle', [('自転車', 'じてんしゃ')])],
    'zh-Hans': [('walk_on', [('步行乘客', 'bu4 xing2 cheng2 ke4')]), ('standard_vehicle', [('小型车', 'xiao3 xing2 che1')]),
                ('oversize_vehicle', [('大型车', 'da4 xing2 che1')]), ('bicycle', [('自行车', 'zi4 xing2 che1')])],
}
hh_phrases = {
    'en': [('INRequestRideIntent', ['Book a Walk-on ticket to Bainbridge Island with HarborHop']),
           ('INGetRideStatusIntent', ['Is my HarborHop ferry on time?']),
           ('ShowBoardingPassIntent', ['Show my boarding pass in HarborHop', 'Open my ferry ticket with HarborHop'])],
    'es': [('INRequestRideIntent', ['Reserva un Coche estándar para Ibiza con HarborHop']),
           ('INGetRideStatusIntent', ['¿Sale a su hora mi ferry de HarborHop?']),
           ('ShowBoardingPassIntent', ['Enséñame la tarjeta de embarque en HarborHop', 'Abre mi billete de ferry con HarborHop'])],
    'de': [('INRequestRideIntent', ['Buch mit HarborHop einen Platz als Fußgänger nach Helgoland']),
           ('INGetRideStatusIntent', ['Ist meine HarborHop-Fähre pünktlich?']),
           ('ShowBoardingPassIntent', ['Zeig meine Bordkarte in HarborHop', 'Öffne mein Fährticket mit HarborHop'])],
    'fr': [('INRequestRideIntent', ['Réserve une traversée Piéton pour Belle-Île avec HarborHop']),
           ('INGetRideStatusIntent', ['Mon ferry HarborHop est-il à l\'heure ?']),
           ('ShowBoardingPassIntent', ['Affiche ma carte d\'embarquement dans HarborHop', 'Ouvre mon billet de ferry avec HarborHop'])],
    'ja': [('INRequestRideIntent', ['HarborHopで宮島まで徒歩で予約して']),
           ('INGetRideStatusIntent', ['HarborHopのフェリーは時間どおり？']),
           ('ShowBoardingPassIntent', ['HarborHopで乗船券を表示して', 'HarborHopでフェリーのチケットを開いて'])],
    'zh-Hans': [('INRequestRideIntent', ['用HarborHop订一张去鼓浪屿的步行乘客票']),
                ('INGetRideStatusIntent', ['我的HarborHop渡轮准点吗']),
                ('ShowBoardingPassIntent', ['用HarborHop显示我的登船码', '在HarborHop里打开我的船票'])],
}
write('HarborHop',
      info('HarborHop', 'com.example.harborhop', 'HarborHop',
           [('Harbor Hop', None), ('ハーバーホップ', 'はーばーほっぷ')],
           ['INRequestRideIntent', 'INListRideOptionsIntent', 'INGetRideStatusIntent', 'INCancelRideIntent', 'ShowBoardingPassIntent'],
           ['INRequestRideIntent', 'INCancelRideIntent']),
      {l: vocab(hh_phrases[l], [(RIDE, ride_options[l])]) for l in LANGS})

# ---------------------------------------------------------------- Inkwell (smart notes)
ink_phrases = {
    'en': [('INCreateNoteIntent', ['Create a note in Inkwell saying the spare key is under the blue pot']),
           ('INAppendToNoteIntent', ['Add tulip bulbs to my Garden Plan in Inkwell']),
           ('INSearchForNotebookItemsIntent', ['Find my Book Ideas note in Inkwell']),
           ('ReadLatestNoteIntent', ['Read my latest note in Inkwell', 'What did I last write in Inkwell'])],
    'es': [('INCreateNoteIntent', ['Crea una nota en Inkwell que diga la llave está debajo de la maceta']),
           ('INAppendToNoteIntent', ['Añade flores a Ideas para la boda en Inkwell']),
           ('ReadLatestNoteIntent', ['Léeme mi última nota en Inkwell', '¿Qué fue lo último que apunté en Inkwell?'])],
    'de': [('INCreateNoteIntent', ['Erstelle in Inkwell eine Notiz: Ersatzschlüssel liegt beim Nachbarn']),
           ('INAppendToNoteIntent', ['Füg Fliesen zu Renovierung Bad in Inkwell hinzu']),
           ('ReadLatestNoteIntent', ['Lies meine letzte Notiz in Inkwell vor', 'Was habe ich zuletzt in Inkwell notiert'])],
    'fr': [('INCreateNoteIntent', ['Crée une note dans Inkwell qui dit la clé est chez la voisine']),
           ('INAppendToNoteIntent', ['Ajoute des tomates à Projet jardin dans Inkwell']),
           ('ReadLatestNoteIntent', ['Lis ma dernière note dans Inkwell', 'Qu\'est-ce que j\'ai noté en dernier dans Inkwell'])],
    'ja': [('INCreateNoteIntent', ['Inkwellで「合鍵は植木鉢の下」とメモして']),
           ('INAppendToNoteIntent', ['Inkwellで旅行の持ち物に充電器を追加して']),
           ('ReadLatestNoteIntent', ['Inkwellで最新のメモを読み上げて', 'Inkwellで最後に書いたメモを読んで'])],
    'zh-Hans': [('INCreateNoteIntent', ['用Inkwell记一条笔记说备用钥匙在门垫下面']),
                ('INAppendToNoteIntent', ['在Inkwell里往装修计划加上换灯泡']),
                ('ReadLatestNoteIntent', ['用Inkwell读一下我最新的笔记', 'Inkwell里我最后记的是什么'])],
}
write('Inkwell',
      info('Inkwell', 'com.example.inkwell', 'Inkwell',
           [('Ink Well', None), ('インクウェル', 'いんくうぇる'), ('墨水瓶', 'mo4 shui3 ping2')],
           ['INCreateNoteIntent', 'INAppendToNoteIntent', 'INSearchForNotebookItemsIntent', 'ReadLatestNoteIntent'],
           ['INSearchForNotebookItemsIntent', 'ReadLatestNoteIntent']),
      {l: vocab(ink_phrases[l]) for l in LANGS},
      {'notebookItemTitle': [
          item('note:garden-plan', 'Garden Plan'), item('note:garden-shopping', 'Garden Shopping'), item('note:book-ideas', 'Book Ideas'),
          item('note:ideas-boda', 'Ideas para la boda'), item('note:ideas-regalos', 'Ideas para regalos'), item('note:recetas-abuela', 'Recetas de la abuela'),
          item('note:renovierung-bad', 'Renovierung Bad'), item('note:renovierung-kueche', 'Renovierung Küche'), item('note:geschenkideen', 'Geschenkideen'),
          item('note:projet-jardin', 'Projet jardin'), item('note:projet-cuisine', 'Projet cuisine'), item('note:citations', 'Citations'),
          item('note:ryoko-mochimono', '旅行の持ち物', 'りょこうのもちもの'), item('note:ryoko-keikaku', '旅行の計画', 'りょこうのけいかく'),
          item('note:kakei-memo', '家計メモ', 'かけいめも'),
          item('note:zhuangxiu-jihua', '装修计划', 'zhuang1 xiu1 ji4 hua4'), item('note:zhuangxiu-yusuan', '装修预算', 'zhuang1 xiu1 yu4 suan4'),
          item('note:dushu-biji', '读书笔记', 'du2 shu1 bi3 ji4'),
      ], 'notebookItemGroupName': [
          item('folder:family', 'Family'), item('folder:familia', 'Familia'), item('folder:familie', 'Familie'),
          item('folder:famille', 'Famille'), item('folder:kazoku', '家族', 'かぞく'), item('folder:jiating', '家庭', 'jia1 ting2'),
      ]})

# ---------------------------------------------------------------- Pageturner (audiobooks)
pt_phrases = {
    'en': [('INPlayMediaIntent', ['Play The Winter Orchard in Pageturner', 'Play the audiobook by Ruth Calder on Pageturner']),
           ('INSearchForMediaIntent', ['Find audiobooks by Helen Marsh in Pageturner']),
           ('AddBookmarkIntent', ['Bookmark this spot in Pageturner', 'Save my place with Pageturner'])],
    'es': [('INPlayMediaIntent', ['Pon La sombra del faro en Pageturner']),
           ('INSearchForMediaIntent', ['Busca audiolibros de Carmen Villar en Pageturner']),
           ('AddBookmarkIntent', ['Pon un marcador aquí en Pageturner', 'Guarda por dónde voy en Pageturner'])],
    'de': [('INPlayMediaIntent', ['Spiel Nebel über Lübeck in Pageturner']),
           ('INSearchForMediaIntent', ['Such Hörbücher von Jana Hartmann in Pageturner']),
           ('AddBookmarkIntent', ['Setz ein Lesezeichen in Pageturner', 'Merk dir diese Stelle mit Pageturner'])],
    'fr': [('INPlayMediaIntent', ['Lance La Dernière Escale sur Pageturner']),
           ('INSearchForMediaIntent', ['Cherche les livres audio de Claire Vasseur dans Pageturner']),
           ('AddBookmarkIntent', ['Ajoute un signet ici dans Pageturner', 'Garde ma page avec Pageturner'])],
    'ja': [('INPlayMediaIntent', ['Pageturnerで灯台守の手紙を再生して']),
           ('INSearchForMediaIntent', ['Pageturnerで森本理沙のオーディオブックを探して']),
           ('AddBookmarkIntent', ['Pageturnerでしおりを挟んで', 'Pageturnerで今の位置を保存して'])],
    'zh-Hans': [('INPlayMediaIntent', ['用Pageturner播放山海之间']),
                ('INSearchForMediaIntent', ['在Pageturner里找苏青禾的有声书']),
                ('AddBookmarkIntent', ['在Pageturner里加个书签', '用Pageturner记住我听到哪了'])],
}
write('Pageturner',
      info('Pageturner', 'com.example.pageturner', 'Pageturner',
           [('Page Turner', None), ('ページターナー', 'ぺーじたーなー')],
           ['INPlayMediaIntent', 'INSearchForMediaIntent', 'INAddMediaIntent', 'INUpdateMediaAffinityIntent', 'AddBookmarkIntent'],
           []),
      {l: vocab(pt_phrases[l]) for l in LANGS},
      {'mediaAudiobookTitle': [
          item('book:winter-orchard', 'The Winter Orchard'), item('book:winter-crossing', 'Winter Crossing'),
          item('book:map-small-things', 'A Map of Small Things'),
          item('book:sombra-faro', 'La sombra del faro'), item('book:sombra-molino', 'La sombra del molino'), item('book:cartas-ines', 'Cartas a Inés'),
          item('book:erbe-muellerin', 'Das Erbe der Müllerin'), item('book:erbe-uhrmacher', 'Das Erbe des Uhrmachers'),
          item('book:nebel-luebeck', 'Nebel über Lübeck'),
          item('book:jardin-hiver', "Le Jardin d'hiver"), item('book:jardin-brumes', 'Le Jardin des brumes'), item('book:derniere-escale', 'La Dernière Escale'),
          item('book:hoshifuru-machi', '星降る町', 'ほしふるまち'), item('book:hoshifuru-umi', '星降る海', 'ほしふるうみ'),
          item('book:todaimori-tegami', '灯台守の手紙', 'とうだいもりのてがみ'),
          item('book:changye-jiangjin', '长夜将尽', 'chang2 ye4 jiang1 jin4'), item('book:changye-weiyang', '长夜未央', 'chang2 ye4 wei4 yang1'),
          item('book:shanhai-zhijian', '山海之间', 'shan1 hai3 zhi1 jian1'),
      ], 'mediaAudiobookAuthorName': [
          item('author:helen-marsh', 'Helen Marsh'), item('author:daniel-marsh', 'Daniel Marsh'), item('author:ruth-calder', 'Ruth Calder'),
          item('author:carmen-villar', 'Carmen Villar'), item('author:andres-pardo', 'Andrés Pardo'), item('author:elena-pardo', 'Elena Pardo'),
          item('author:jana-hartmann', 'Jana Hartmann'), item('author:otto-brenner', 'Otto Brenner'), item('author:lena-brenner', 'Lena Brenner'),
          item('author:claire-vasseur', 'Claire Vasseur'), item('author:hugo-lemaire', 'Hugo Lemaire'), item('author:paul-lemaire', 'Paul Lemaire'),
          item('author:morimoto-risa', '森本理沙', 'もりもとりさ'), item('author:hasegawa-yu', '長谷川悠', 'はせがわゆう'),
          item('author:hasegawa-ao', '長谷川蒼', 'はせがわあお'),
          item('author:su-qinghe', '苏青禾', 'su1 qing1 he2'), item('author:gu-nan', '顾南', 'gu4 nan2'),
      ]})
print('ok')

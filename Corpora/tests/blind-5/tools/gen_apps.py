# Generates the two new apps of blind-5 in the existing apps' formats (XML plists via plistlib,
# UserVocabulary.json shaped like the blind and blind-2 apps'). Run: python3 tools/gen_apps.py
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


# ---------------------------------------------------------------- Tailwag (pet care: sitters, walkers, vet, GPS collar)
CALL_MSG = ['INStartCallIntent.contacts', 'INSendMessageIntent.recipients']
vet_line = {
    'en': [('service:vet-line', [('Vet Hotline', None)])],
    'es': [('service:vet-line', [('Línea Veterinaria', None)])],
    'de': [('service:vet-line', [('Tierarzt-Hotline', None)])],
    'fr': [('service:vet-line', [('Ligne Véto', None)])],
    'ja': [('service:vet-line', [('獣医ホットライン', 'じゅういほっとらいん')])],
    'zh-Hans': [('service:vet-line', [('兽医热线', 'shou4 yi1 re4 xian4')])],
}
tw_phrases = {
    'en': [('INSendMessageIntent', ['Message Owen Fairley on Tailwag saying the leash is by the door']),
           ('INStartCallIntent', ['Call the Vet Hotline with Tailwag']),
           ('LogWalkIntent', ['Log a walk in Tailwag', 'Tell Tailwag I just took the dog out']),
           ('LogFeedingIntent', ["Log the dog's dinner in Tailwag", 'Mark the dog as fed with Tailwag']),
           ('FindPetIntent', ['Where is my dog, Tailwag?', "Show my dog's location in Tailwag"])],
    'es': [('INSendMessageIntent', ['Manda un mensaje a Iker Domínguez por Tailwag que diga la correa está en la entrada']),
           ('INStartCallIntent', ['Llama a la Línea Veterinaria con Tailwag']),
           ('LogWalkIntent', ['Registra un paseo en Tailwag', 'Dile a Tailwag que ya saqué al perro']),
           ('LogFeedingIntent', ['Anota la comida del perro en Tailwag', 'Marca en Tailwag que el perro ya comió']),
           ('FindPetIntent', ['¿Dónde está mi perro según Tailwag?', 'Muestra la ubicación de mi perro en Tailwag'])],
    'de': [('INSendMessageIntent', ['Schick Greta Falk mit Tailwag eine Nachricht: Die Leine hängt an der Tür']),
           ('INStartCallIntent', ['Ruf die Tierarzt-Hotline mit Tailwag an']),
           ('LogWalkIntent', ['Trag in Tailwag einen Spaziergang ein', 'Sag Tailwag, dass ich mit dem Hund draußen war']),
           ('LogFeedingIntent', ['Trag die Fütterung in Tailwag ein', 'Vermerke in Tailwag, dass der Hund gefressen hat']),
           ('FindPetIntent', ['Wo ist mein Hund laut Tailwag?', 'Zeig den Standort meines Hundes in Tailwag'])],
    'fr': [('INSendMessageIntent', ["Envoie un message à Bastien Roche sur Tailwag : la laisse est dans l'entrée"]),
           ('INStartCallIntent', ['Appelle la Ligne Véto avec Tailwag']),
           ('LogWalkIntent', ['Enregistre une promenade dans Tailwag', "Dis à Tailwag que j'ai sorti le chien"]),
           ('LogFeedingIntent', ['Note le repas du chien dans Tailwag', 'Indique dans Tailwag que le chien a mangé']),
           ('FindPetIntent', ["Où est mon chien d'après Tailwag ?", 'Affiche la position de mon chien dans Tailwag'])],
    'ja': [('INSendMessageIntent', ['Tailwagで小林美穂に「リードは玄関にあります」と送って']),
           ('INStartCallIntent', ['Tailwagで獣医ホットラインに電話して']),
           ('LogWalkIntent', ['Tailwagで散歩を記録して', 'Tailwagに犬の散歩が終わったと伝えて']),
           ('LogFeedingIntent', ['Tailwagでごはんをあげたと記録して', 'Tailwagで犬の食事を記録して']),
           ('FindPetIntent', ['Tailwagでうちの犬の居場所を見せて', 'Tailwagで犬がどこにいるか教えて'])],
    'zh-Hans': [('INSendMessageIntent', ['用Tailwag给宋佳怡发消息说牵引绳在门口']),
                ('INStartCallIntent', ['用Tailwag打兽医热线']),
                ('LogWalkIntent', ['在Tailwag里记录一次遛狗', '告诉Tailwag我刚遛完狗']),
                ('LogFeedingIntent', ['在Tailwag里记一下狗已经喂过了', '用Tailwag记录喂食']),
                ('FindPetIntent', ['用Tailwag看看我的狗在哪', '在Tailwag里显示狗狗的位置'])],
}
write('Tailwag',
      info('Tailwag', 'com.example.tailwag', 'Tailwag',
           [('Tail Wag', None), ('テイルワグ', 'ているわぐ'), ('摇尾巴', 'yao2 wei3 ba5')],
           ['INSendMessageIntent', 'INStartCallIntent', 'LogWalkIntent', 'LogFeedingIntent', 'FindPetIntent'],
           ['INSendMessageIntent', 'FindPetIntent']),
      {l: vocab(tw_phrases[l], [(CALL_MSG, vet_line[l])]) for l in LANGS},
      {'contactName': [
          item('person:nina-brooks', 'Nina Brooks'), item('person:nina-castillo', 'Nina Castillo'),
          item('person:owen-fairley', 'Owen Fairley'), item('clinic:hillside', 'Hillside Animal Clinic'),
          item('person:rocio-benitez', 'Rocío Benítez'), item('person:rocio-salas', 'Rocío Salas'),
          item('person:iker-dominguez', 'Iker Domínguez'), item('clinic:los-pinos', 'Clínica Los Pinos'),
          item('person:timo-krause', 'Timo Krause'), item('person:timo-lindner', 'Timo Lindner'),
          item('person:greta-falk', 'Greta Falk'), item('clinic:sonnenhof', 'Tierklinik Sonnenhof'),
          item('person:manon-girard', 'Manon Girard'), item('person:manon-perrin', 'Manon Perrin'),
          item('person:bastien-roche', 'Bastien Roche'), item('clinic:tilleuls', 'Clinique des Tilleuls'),
          item('person:suzuki-hina', '鈴木陽菜', 'すずきひな'), item('person:suzuki-daiki', '鈴木大輝', 'すずきだいき'),
          item('person:kobayashi-miho', '小林美穂', 'こばやしみほ'), item('clinic:midori', 'みどり動物病院', 'みどりどうぶつびょういん'),
          item('person:wu-jiaming', '吴家明', 'wu2 jia1 ming2'), item('person:zheng-jiaming', '郑家明', 'zheng4 jia1 ming2'),
          item('person:song-jiayi', '宋佳怡', 'song4 jia1 yi2'), item('clinic:anxin', '安心宠物医院', 'an1 xin1 chong3 wu4 yi1 yuan4'),
      ]})

# ---------------------------------------------------------------- PointPocket (loyalty-card wallet)
ACCT = ['INSearchForAccountsIntent.accountNickname']
programs = {
    'en': [('prog:skyward-miles', [('Skyward Miles', None)]), ('prog:freshcart-plus', [('FreshCart Plus', None)]),
           ('prog:freshcart-fuel', [('FreshCart Fuel', None)])],
    'es': [('prog:millas-aurora', [('Millas Aurora', None)]), ('prog:almendro-hogar', [('Club Almendro Hogar', None)]),
           ('prog:almendro-moda', [('Club Almendro Moda', None)])],
    'de': [('prog:nordstern-meilen', [('Nordstern Meilen', None)]), ('prog:lindenkarte-markt', [('Lindenkarte Markt', None)]),
           ('prog:lindenkarte-drogerie', [('Lindenkarte Drogerie', None)])],
    'fr': [('prog:miles-azur', [('Miles Azur', None)]), ('prog:bocage-maison', [('Bocage Maison', None)]),
           ('prog:bocage-jardin', [('Bocage Jardin', None)])],
    'ja': [('prog:sora-mile', [('そらマイル', 'そらまいる')]), ('prog:himawari-super', [('ひまわりスーパー', 'ひまわりすーぱー')]),
           ('prog:himawari-drug', [('ひまわりドラッグ', 'ひまわりどらっぐ')])],
    'zh-Hans': [('prog:lantian-licheng', [('蓝天里程', 'lan2 tian1 li3 cheng2')]),
                ('prog:haolinju-chaoshi', [('好邻居超市', 'hao3 lin2 ju1 chao1 shi4')]),
                ('prog:haolinju-jiayouzhan', [('好邻居加油站', 'hao3 lin2 ju1 jia1 you2 zhan4')])],
}
pp_phrases = {
    'en': [('INSearchForAccountsIntent', ["What's my Skyward Miles balance in PointPocket?"]),
           ('ShowMemberCardIntent', ['Show my member card in PointPocket', 'Pull up my loyalty card with PointPocket']),
           ('ShowOffersIntent', ['What offers do I have in PointPocket?', "Show this week's deals in PointPocket"])],
    'es': [('INSearchForAccountsIntent', ['¿Cuántos puntos tengo en Club Almendro Hogar con PointPocket?']),
           ('ShowMemberCardIntent', ['Enséñame mi tarjeta de socio en PointPocket', 'Abre mi tarjeta de fidelidad con PointPocket']),
           ('ShowOffersIntent', ['¿Qué ofertas tengo en PointPocket?', 'Muéstrame los descuentos de esta semana en PointPocket'])],
    'de': [('INSearchForAccountsIntent', ['Wie viele Punkte habe ich auf Lindenkarte Markt in PointPocket?']),
           ('ShowMemberCardIntent', ['Zeig meine Kundenkarte in PointPocket', 'Öffne meine Mitgliedskarte mit PointPocket']),
           ('ShowOffersIntent', ['Welche Angebote habe ich in PointPocket?', 'Zeig mir die Coupons dieser Woche in PointPocket'])],
    'fr': [('INSearchForAccountsIntent', ["Combien de points j'ai sur Bocage Maison dans PointPocket ?"]),
           ('ShowMemberCardIntent', ['Affiche ma carte de fidélité dans PointPocket', 'Sors ma carte membre avec PointPocket']),
           ('ShowOffersIntent', ["Quelles promos j'ai dans PointPocket ?", 'Montre les offres de la semaine dans PointPocket'])],
    'ja': [('INSearchForAccountsIntent', ['PointPocketでひまわりスーパーのポイントを確認して']),
           ('ShowMemberCardIntent', ['PointPocketで会員証を表示して', 'PointPocketでポイントカードを出して']),
           ('ShowOffersIntent', ['PointPocketでクーポンを見せて', 'PointPocketで今週のお得情報を教えて'])],
    'zh-Hans': [('INSearchForAccountsIntent', ['在PointPocket里查一下好邻居超市的积分']),
                ('ShowMemberCardIntent', ['用PointPocket打开我的会员卡', '在PointPocket里出示会员码']),
                ('ShowOffersIntent', ['PointPocket里有什么优惠', '用PointPocket看看本周的优惠券'])],
}
write('PointPocket',
      info('PointPocket', 'com.example.pointpocket', 'PointPocket',
           [('Point Pocket', None), ('ポイントポケット', 'ぽいんとぽけっと'), ('积分口袋', 'ji1 fen1 kou3 dai4')],
           ['INSearchForAccountsIntent', 'ShowMemberCardIntent', 'ShowOffersIntent'],
           ['INSearchForAccountsIntent']),
      {l: vocab(pp_phrases[l], [(ACCT, programs[l])]) for l in LANGS})

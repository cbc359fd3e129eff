# Generates the four new apps of blind-custom-2 in the sample apps' formats (plistlib, XML plists).
# Adapted from Corpora/tests/blind-custom/tools/gen_apps.py. Run: python3 tools/gen_apps.py
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

# ---------------------------------------------------------------- TailWag (pet care: smart feeder, walk log, GPS collar)
tw = {
    'en': [('INAddTasksIntent', ['Remind me to give the dog his flea treatment with TailWag']),
           ('FeedPetIntent', ['Feed my cat with TailWag', 'Have TailWag give the dog his dinner']),
           ('LogWalkIntent', ['Log a walk in TailWag', 'Tell TailWag I walked the dog']),
           ('FindPetIntent', ['Where is my dog, TailWag?', "Show my cat's location in TailWag"])],
    'es': [('INAddTasksIntent', ['Recuérdame darle la pastilla antipulgas al perro con TailWag']),
           ('FeedPetIntent', ['Dale de comer al gato con TailWag', 'Que TailWag le ponga la cena al perro']),
           ('LogWalkIntent', ['Registra un paseo en TailWag', 'Dile a TailWag que ya saqué al perro']),
           ('FindPetIntent', ['¿Dónde está mi perro, TailWag?', 'Muéstrame dónde está mi gato en TailWag'])],
    'de': [('INAddTasksIntent', ['Erinnere mich mit TailWag an die Wurmkur für den Hund']),
           ('FeedPetIntent', ['Füttere meine Katze mit TailWag', 'Lass TailWag dem Hund sein Abendessen geben']),
           ('LogWalkIntent', ['Trag in TailWag einen Spaziergang ein', 'Sag TailWag, dass ich mit dem Hund draußen war']),
           ('FindPetIntent', ['Wo ist mein Hund, TailWag?', 'Zeig mir in TailWag, wo meine Katze ist'])],
    'fr': [('INAddTasksIntent', ["Rappelle-moi de donner l'antipuce au chien avec TailWag"]),
           ('FeedPetIntent', ['Nourris mon chat avec TailWag', 'Demande à TailWag de donner son dîner au chien']),
           ('LogWalkIntent', ['Enregistre une promenade dans TailWag', "Dis à TailWag que j'ai sorti le chien"]),
           ('FindPetIntent', ['Où est mon chien, TailWag ?', 'Montre-moi où est mon chat dans TailWag'])],
    'ja': [('INAddTasksIntent', ['TailWagで犬のノミ取り薬をリマインドして']),
           ('FeedPetIntent', ['TailWagで猫にごはんをあげて', 'TailWagで犬に夕ごはんをあげて']),
           ('LogWalkIntent', ['TailWagで散歩を記録して', 'TailWagに犬の散歩が終わったと伝えて']),
           ('FindPetIntent', ['TailWagでうちの犬の居場所を教えて', 'TailWagで猫の位置を表示して'])],
    'zh-Hans': [('INAddTasksIntent', ['用TailWag提醒我给狗狗驱虫']),
                ('FeedPetIntent', ['用TailWag喂一下猫', '让TailWag给狗狗放晚饭']),
                ('LogWalkIntent', ['在TailWag里记录一次遛狗', '告诉TailWag我遛完狗了']),
                ('FindPetIntent', ['TailWag我的狗在哪儿', '在TailWag里显示我家猫的位置'])],
}
write('TailWag',
      info('TailWag', 'com.example.tailwag', 'TailWag',
           [('Tail Wag', None), ('テイルワグ', 'ているわぐ'), ('摇尾巴', 'yao2 wei3 ba5')],
           ['INAddTasksIntent', 'FeedPetIntent', 'LogWalkIntent', 'FindPetIntent'],
           ['FindPetIntent']),
      {l: vocab(tw[l]) for l in LANGS})

# ---------------------------------------------------------------- FreshFold (laundry and dry cleaning: pickup service, smart washer)
ff = {
    'en': [('SchedulePickupIntent', ['Schedule a laundry pickup with FreshFold', 'Have FreshFold collect my dry cleaning']),
           ('StartWashIntent', ['Start the washing machine with FreshFold', 'Run a wash cycle in FreshFold']),
           ('CheckWashTimeIntent', ['How long is left on my wash in FreshFold?', "Check the washer's remaining time in FreshFold"])],
    'es': [('SchedulePickupIntent', ['Programa una recogida de ropa con FreshFold', 'Que FreshFold pase a buscar mi ropa para la tintorería']),
           ('StartWashIntent', ['Pon en marcha la lavadora con FreshFold', 'Inicia un lavado en FreshFold']),
           ('CheckWashTimeIntent', ['¿Cuánto le queda al lavado en FreshFold?', 'Mira el tiempo restante de la lavadora en FreshFold'])],
    'de': [('SchedulePickupIntent', ['Buche eine Wäscheabholung mit FreshFold', 'Lass FreshFold meine Sachen für die Reinigung abholen']),
           ('StartWashIntent', ['Starte die Waschmaschine mit FreshFold', 'Lass in FreshFold einen Waschgang laufen']),
           ('CheckWashTimeIntent', ['Wie lange läuft meine Wäsche noch in FreshFold?', 'Zeig mir die Restlaufzeit der Waschmaschine in FreshFold'])],
    'fr': [('SchedulePickupIntent', ['Programme un ramassage de linge avec FreshFold', 'Demande à FreshFold de récupérer mon pressing']),
           ('StartWashIntent', ['Lance la machine à laver avec FreshFold', 'Démarre un cycle de lavage dans FreshFold']),
           ('CheckWashTimeIntent', ['Combien de temps reste-t-il sur ma lessive dans FreshFold ?', 'Vérifie le temps restant du lave-linge dans FreshFold'])],
    'ja': [('SchedulePickupIntent', ['FreshFoldで洗濯物の集荷を予約して', 'FreshFoldでクリーニングの引き取りを頼んで']),
           ('StartWashIntent', ['FreshFoldで洗濯機を回して', 'FreshFoldで洗濯をスタートして']),
           ('CheckWashTimeIntent', ['FreshFoldで洗濯の残り時間を教えて', 'FreshFoldで洗濯機があと何分か確認して'])],
    'zh-Hans': [('SchedulePickupIntent', ['用FreshFold预约上门取衣', '让FreshFold来取我要干洗的衣服']),
                ('StartWashIntent', ['用FreshFold启动洗衣机', '在FreshFold里开始洗一轮衣服']),
                ('CheckWashTimeIntent', ['FreshFold里洗衣还剩多久', '在FreshFold里看看洗衣机剩余时间'])],
}
write('FreshFold',
      info('FreshFold', 'com.example.freshfold', 'FreshFold',
           [('Fresh Fold', None), ('フレッシュフォールド', 'ふれっしゅふぉーるど'), ('净叠', 'jing4 die2')],
           ['SchedulePickupIntent', 'StartWashIntent', 'CheckWashTimeIntent'],
           ['SchedulePickupIntent']),
      {l: vocab(ff[l]) for l in LANGS})

# ---------------------------------------------------------------- GreenThumb (plant care: smart watering, soil sensors, plant journal)
gt = {
    'en': [('INCreateNoteIntent', ['Make a note in GreenThumb that the tomatoes are flowering']),
           ('WaterPlantsIntent', ['Water my plants with GreenThumb', 'Start watering the garden in GreenThumb']),
           ('CheckSoilMoistureIntent', ['Do my plants need water, GreenThumb?', 'Check the soil moisture in GreenThumb'])],
    'es': [('INCreateNoteIntent', ['Crea una nota en GreenThumb de que los tomates han florecido']),
           ('WaterPlantsIntent', ['Riega mis plantas con GreenThumb', 'Empieza a regar el jardín en GreenThumb']),
           ('CheckSoilMoistureIntent', ['¿Necesitan agua mis plantas, GreenThumb?', 'Comprueba la humedad de la tierra en GreenThumb'])],
    'de': [('INCreateNoteIntent', ['Notier in GreenThumb, dass die Tomaten blühen']),
           ('WaterPlantsIntent', ['Gieß meine Pflanzen mit GreenThumb', 'Starte die Bewässerung im Garten mit GreenThumb']),
           ('CheckSoilMoistureIntent', ['Brauchen meine Pflanzen Wasser, GreenThumb?', 'Prüf die Bodenfeuchtigkeit in GreenThumb'])],
    'fr': [('INCreateNoteIntent', ['Crée une note dans GreenThumb : les tomates sont en fleur']),
           ('WaterPlantsIntent', ['Arrose mes plantes avec GreenThumb', "Lance l'arrosage du jardin dans GreenThumb"]),
           ('CheckSoilMoistureIntent', ["Est-ce que mes plantes ont besoin d'eau, GreenThumb ?", "Vérifie l'humidité du sol dans GreenThumb"])],
    'ja': [('INCreateNoteIntent', ['GreenThumbでトマトが花をつけたとメモして']),
           ('WaterPlantsIntent', ['GreenThumbで植物に水をあげて', 'GreenThumbで庭の水やりを始めて']),
           ('CheckSoilMoistureIntent', ['GreenThumbで植物に水が必要か教えて', 'GreenThumbで土の湿り具合をチェックして'])],
    'zh-Hans': [('INCreateNoteIntent', ['在GreenThumb里记一下番茄开花了']),
                ('WaterPlantsIntent', ['用GreenThumb给我的植物浇水', '在GreenThumb里开始给花园浇水']),
                ('CheckSoilMoistureIntent', ['GreenThumb我的植物需要浇水吗', '在GreenThumb里查一下土壤湿度'])],
}
write('GreenThumb',
      info('GreenThumb', 'com.example.greenthumb', 'GreenThumb',
           [('Green Thumb', None), ('グリーンサム', 'ぐりーんさむ'), ('绿拇指', 'lv4 mu3 zhi3')],
           ['INCreateNoteIntent', 'WaterPlantsIntent', 'CheckSoilMoistureIntent'],
           []),
      {l: vocab(gt[l]) for l in LANGS})

# ---------------------------------------------------------------- VoltSpot (electric-car charging network)
vs = {
    'en': [('INGetCarPowerLevelStatusIntent', ['How much battery does my car have in VoltSpot?']),
           ('StartChargingIntent', ['Start charging my car with VoltSpot', 'Begin a charging session in VoltSpot']),
           ('StopChargingIntent', ['Stop charging in VoltSpot', 'End my charging session with VoltSpot']),
           ('FindChargerIntent', ['Find a charger nearby with VoltSpot', 'Where is the nearest charging station in VoltSpot?'])],
    'es': [('INGetCarPowerLevelStatusIntent', ['¿Cuánta batería le queda a mi coche en VoltSpot?']),
           ('StartChargingIntent', ['Empieza a cargar mi coche con VoltSpot', 'Inicia una sesión de carga en VoltSpot']),
           ('StopChargingIntent', ['Deja de cargar en VoltSpot', 'Termina mi sesión de carga con VoltSpot']),
           ('FindChargerIntent', ['Busca un cargador cerca con VoltSpot', '¿Dónde está la estación de carga más cercana en VoltSpot?'])],
    'de': [('INGetCarPowerLevelStatusIntent', ['Wie voll ist der Akku meines Autos in VoltSpot?']),
           ('StartChargingIntent', ['Starte das Laden meines Autos mit VoltSpot', 'Beginne einen Ladevorgang in VoltSpot']),
           ('StopChargingIntent', ['Stopp das Laden in VoltSpot', 'Beende meinen Ladevorgang mit VoltSpot']),
           ('FindChargerIntent', ['Such mit VoltSpot eine Ladesäule in der Nähe', 'Wo ist die nächste Ladestation in VoltSpot?'])],
    'fr': [('INGetCarPowerLevelStatusIntent', ['Quel est le niveau de batterie de ma voiture dans VoltSpot ?']),
           ('StartChargingIntent', ['Lance la recharge de ma voiture avec VoltSpot', 'Démarre une session de recharge dans VoltSpot']),
           ('StopChargingIntent', ['Arrête la recharge dans VoltSpot', 'Termine ma session de recharge avec VoltSpot']),
           ('FindChargerIntent', ['Trouve une borne à proximité avec VoltSpot', 'Où est la borne de recharge la plus proche dans VoltSpot ?'])],
    'ja': [('INGetCarPowerLevelStatusIntent', ['VoltSpotで車のバッテリー残量を教えて']),
           ('StartChargingIntent', ['VoltSpotで車の充電を始めて', 'VoltSpotで充電セッションを開始して']),
           ('StopChargingIntent', ['VoltSpotで充電を止めて', 'VoltSpotで充電セッションを終了して']),
           ('FindChargerIntent', ['VoltSpotで近くの充電器を探して', 'VoltSpotで一番近い充電スタンドはどこ？'])],
    'zh-Hans': [('INGetCarPowerLevelStatusIntent', ['在VoltSpot里查一下我的车还有多少电']),
                ('StartChargingIntent', ['用VoltSpot开始给我的车充电', '在VoltSpot里开始一次充电']),
                ('StopChargingIntent', ['在VoltSpot里停止充电', '用VoltSpot结束我的充电']),
                ('FindChargerIntent', ['用VoltSpot找附近的充电桩', 'VoltSpot最近的充电站在哪'])],
}
write('VoltSpot',
      info('VoltSpot', 'com.example.voltspot', 'VoltSpot',
           [('Volt Spot', None), ('ボルトスポット', 'ぼるとすぽっと'), ('伏特站', 'fu2 te4 zhan4')],
           ['INGetCarPowerLevelStatusIntent', 'StartChargingIntent', 'StopChargingIntent', 'FindChargerIntent'],
           ['StartChargingIntent', 'StopChargingIntent']),
      {l: vocab(vs[l]) for l in LANGS})
print('ok')

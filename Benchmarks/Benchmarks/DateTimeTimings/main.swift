// What the date-and-time reader costs: requests with a date or time expression and requests
// without one, in the six languages of Corpora/datetime, read from their tokens (what a
// parse adds: the engine has tokenized the utterance already) and from their text.
//
//   swift run -c release --package-path Benchmarks DateTimeTimings [--repeat N] [--count-allocations] [--each]
//
// Each request is read N times (301 by default) and timed in thread CPU time; its median is
// kept, and the percentiles are over the requests of a set. --count-allocations counts each
// reading's allocations (the malloc interposer preloaded) and also reads texts of growing
// length, so that allocations per character would show. --each prints every request's median.
import AllocationCounting
import Foundation
import Measuring
import ParlanceDateTime
import ParlanceText

let arguments = CommandLine.arguments
let rounds = arguments.firstIndex(of: "--repeat").flatMap { Int(arguments[$0 + 1]) } ?? 301
let countsAllocations = arguments.contains("--count-allocations")
let printsEach = arguments.contains("--each")
if countsAllocations {
    AllocationCounting.start()
    if !AllocationCounting.isCounting { FileHandle.standardError.write(Data((AllocationCounting.missingLibraryMessage + "\n").utf8)) }
}

/// Requests with a date or time expression, and requests of about the same length without one.
let requests: [(language: String, dated: [String], undated: [String])] = [
    ("en",
     ["book a table for four tomorrow at half past seven", "remind me to call mom next monday at 8 in the evening",
      "set a timer for 30 minutes", "what's on this weekend", "wake me up in 20 minutes",
      "schedule the meeting from 3 to 5 pm on december 3rd", "order a taxi for the day after tomorrow at 7:30",
      "play some jazz for an hour and a half"],
     ["book a table for four at the italian place", "send a message to kenji saying see you soon",
      "play the latest album by the beatles", "turn on the lights in the kitchen", "what is the weather like in paris",
      "pay my electricity bill with my credit card", "add milk and eggs to my shopping list", "start a yoga session for beginners"]),
    ("de",
     ["erinnere mich morgen um halb sieben an den müll", "reserviere einen tisch am 3. dezember um 19 uhr",
      "stell einen wecker in zwei stunden", "ich brauche das auto von 15 bis 17 uhr", "spiel musik für anderthalb stunden"],
     ["erinnere mich an den müll", "reserviere einen tisch beim italiener", "schick eine nachricht an anna",
      "spiel etwas entspannende musik", "wie wird das wetter in berlin"]),
    ("fr",
     ["réserve pour demain à vingt heures", "rappelle-moi dans deux heures", "réunion le 3 décembre à midi",
      "mets un minuteur pendant une heure et demie", "qu'est-ce qu'on fait ce week-end"],
     ["réserve une table pour quatre personnes", "envoie un message à pierre", "joue de la musique douce",
      "allume la lumière du salon", "quel temps fait-il à lyon"]),
    ("es",
     ["pide un taxi para mañana a las ocho de la mañana", "recuérdame dentro de dos horas", "el 3 de diciembre a las nueve menos cuarto",
      "pon un temporizador de media hora", "reserva de 3 a 5 de la tarde"],
     ["pide un taxi para el aeropuerto", "recuérdame comprar leche", "envía un mensaje a maría",
      "pon música tranquila", "qué tiempo hace en madrid"]),
    ("ja",
     ["明日の朝8時にタクシーを呼んで", "午後7時半にレストランを予約して", "3日後に会議を入れて", "来週の月曜日に歯医者", "1時間半のヨガを始めて"],
     ["タクシーを呼んで", "レストランを予約して", "会議の資料を送って", "歯医者に電話して", "ヨガを始めて"]),
    ("zh-Hans",
     ["提醒我下周一下午三点开会", "明天早上八点叫我", "三天后去北京", "晚上七点半订餐厅", "一个半小时的瑜伽"],
     ["提醒我开会", "叫我起床", "我想去北京", "帮我订餐厅", "开始做瑜伽"]),
]

let now = LocalDateTime(year: 2026, month: 11, day: 28, hour: 10)!

/// The median thread CPU time of `body` over `rounds` runs, in µs, and its allocations (one run).
func measure(_ body: () -> Int) -> (micros: Double, allocations: Int) {
    var times: [Double] = []
    times.reserveCapacity(rounds)
    var sink = 0
    for _ in 0..<rounds {
        let start = threadCPUMicros()
        sink &+= body()
        times.append(threadCPUMicros() - start)
    }
    let before = AllocationCounting.count()
    sink &+= body()
    let allocations = AllocationCounting.count() - before
    if sink == Int.min { print(sink) }
    times.sort()
    return (percentile(times, 0.5), allocations)
}

func line(_ label: String, _ values: [(micros: Double, allocations: Int)]) -> String {
    let times = values.map(\.micros).sorted()
    var text = String(format: "%@: median %.2f µs, p99 %.2f µs (%d requests)", label, percentile(times, 0.5), percentile(times, 0.99), values.count)
    if countsAllocations, AllocationCounting.isCounting {
        let counts = values.map { Double($0.allocations) }.sorted()
        text += String(format: ", allocations p50 %.0f max %.0f", percentile(counts, 0.5), counts.last ?? 0)
    }
    return text
}

var allDated: [(micros: Double, allocations: Int)] = [], allUndated: [(micros: Double, allocations: Int)] = []
var allDatedText: [(micros: Double, allocations: Int)] = [], allUndatedText: [(micros: Double, allocations: Int)] = []
print("DateTimeTimings: thread CPU time per reading, median of \(rounds) runs per request")
for (tag, dated, undated) in requests {
    let language = try Language(tag)
    let clock = ContinuousClock()
    let start = clock.now
    let reader = try DateTimeReader(language: language)
    let built = clock.now - start
    let tokenizer = try Tokenizer(language: language)
    for request in dated where reader.read(request, now: now).isEmpty { print("warning: nothing read in \(tag) '\(request)'") }
    for request in undated where !reader.read(request, now: now).isEmpty { print("warning: something read in \(tag) '\(request)'") }
    let withDate = dated.map { request in
        let tokens = tokenizer.tokenize(request)
        return measure { reader.read(tokens, now: now).count }
    }
    let withoutDate = undated.map { request in
        let tokens = tokenizer.tokenize(request)
        return measure { reader.read(tokens, now: now).count }
    }
    if printsEach {
        for (request, value) in zip(dated + undated, withDate + withoutDate) { print(String(format: "  %7.2f µs  %@", value.micros, request)) }
    }
    let withDateText = dated.map { request in measure { reader.read(request, now: now).count } }
    let withoutDateText = undated.map { request in measure { reader.read(request, now: now).count } }
    allDated += withDate
    allUndated += withoutDate
    allDatedText += withDateText
    allUndatedText += withoutDateText
    print(String(format: "%@ (reader built in %.1f ms)", tag, Double(built.components.attoseconds) / 1e15 + Double(built.components.seconds) * 1e3))
    print("  " + line("tokens, with a date   ", withDate))
    print("  " + line("tokens, without a date", withoutDate))
    print("  " + line("text, with a date     ", withDateText))
    print("  " + line("text, without a date  ", withoutDateText))
}
print("all languages")
print("  " + line("tokens, with a date   ", allDated))
print("  " + line("tokens, without a date", allUndated))
print("  " + line("text, with a date     ", allDatedText))
print("  " + line("text, without a date  ", allUndatedText))

if countsAllocations, AllocationCounting.isCounting {
    // Allocations against length: a reading allocates per call and per expression found
    // (its match and text), and a few buffers that grow geometrically, never per character.
    let reader = try DateTimeReader(language: Language("en"))
    let tokenizer = try Tokenizer(language: Language("en"))
    print("allocations of one reading from tokens, by length")
    for copies in [1, 10, 100] {
        for (label, sentence) in [("with dates", "remind me tomorrow at 8 pm for 30 minutes "), ("without", "send a message to kenji saying hello there ")] {
            let tokens = tokenizer.tokenize(String(repeating: sentence, count: copies))
            let before = AllocationCounting.count()
            let found = reader.read(tokens, now: now).count
            let allocations = AllocationCounting.count() - before
            print("  \(label), \(tokens.text.unicodeScalars.count) characters: \(allocations) allocations, \(found) expressions")
        }
    }
}

import Dispatch
import Foundation

/// Runs items through a subject on several threads and records the outcomes in corpus order.
///
/// Items are pulled from any sequence in chunks, so a large corpus streams through in
/// bounded memory; each chunk is parsed by ``workers`` threads (item i of the chunk by thread
/// i mod workers) into a buffer indexed by position, then recorded in order: the metrics are
/// the same whatever the number of threads.
///
/// ```swift
/// var runner = EvaluationRunner(workers: 2)
/// runner.run(items, subject: grammarSubject)
/// runner.evaluation.overall.exactMatch
/// ```
public struct EvaluationRunner: Sendable {
    /// Threads that parse.
    public let workers: Int
    /// Items parsed between two recordings (and two progress reports).
    public let chunkSize: Int
    /// The accumulated metrics.
    public var evaluation: Evaluation
    /// Items done so far (in all runs).
    public private(set) var done = 0

    /// A runner with `workers` threads (at least one; by default the active processors).
    public init(workers: Int? = nil, chunkSize: Int = 256, failureLimit: Int = 1000) {
        self.workers = max(1, workers ?? ProcessInfo.processInfo.activeProcessorCount)
        self.chunkSize = max(1, chunkSize)
        self.evaluation = Evaluation(failureLimit: failureLimit)
        self.evaluation.workers = self.workers
    }

    /// Parses every item of `items` with `subject`, recording each outcome; calls `progress`
    /// with the items done after every chunk.
    public mutating func run<Items: Sequence>(_ items: Items, subject: some EvaluationSubject,
                                              progress: ((Int) -> Void)? = nil) where Items.Element == EvaluationItem {
        var iterator = items.makeIterator()
        var chunk: [EvaluationItem] = []
        chunk.reserveCapacity(chunkSize)
        let start = ContinuousClock.now
        while true {
            chunk.removeAll(keepingCapacity: true)
            while chunk.count < chunkSize, let item = iterator.next() { chunk.append(item) }
            if chunk.isEmpty { break }
            for outcome in Self.parse(chunk, subject: subject, workers: workers) { evaluation.record(outcome) }
            done += chunk.count
            progress?(done)
        }
        let elapsed = ContinuousClock.now - start
        evaluation.wallSeconds += Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The outcomes of one chunk, in item order.
    static func parse(_ chunk: [EvaluationItem], subject: some EvaluationSubject, workers: Int) -> [ItemOutcome] {
        let slots = OutcomeSlots(count: chunk.count)
        defer { slots.deallocate() }
        let threads = min(workers, chunk.count)
        let work: @Sendable (Int) -> Void = { worker in
            var index = worker
            while index < chunk.count {
                slots.store(evaluate(chunk[index], subject: subject), at: index)
                index += threads
            }
        }
        if threads == 1 { work(0) } else { DispatchQueue.concurrentPerform(iterations: threads, execute: work) }
        return slots.collect()
    }

    /// Parses one item, timing the parse; a thrown error becomes a failed outcome.
    public static func evaluate(_ item: EvaluationItem, subject: some EvaluationSubject) -> ItemOutcome {
        let start = DispatchTime.now().uptimeNanoseconds
        let prediction: Prediction
        var error: String?
        do {
            prediction = try subject.parse(item.utterance, language: item.language, context: item.context)
        } catch let thrown {
            prediction = .none
            error = "\(thrown)"
        }
        let elapsed = DispatchTime.now().uptimeNanoseconds &- start
        return ItemOutcome(item: item, prediction: prediction, error: error, nanoseconds: elapsed)
    }
}

/// A fixed buffer of outcomes that worker threads fill at distinct indices.
private final class OutcomeSlots: @unchecked Sendable {
    // Each index is written by exactly one thread and read only after all have joined
    // (concurrentPerform returns when every iteration is done), so no lock is needed.
    let buffer: UnsafeMutablePointer<ItemOutcome?>
    let count: Int

    init(count: Int) {
        self.count = count
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil, count: count)
    }

    func store(_ outcome: ItemOutcome, at index: Int) { buffer[index] = outcome }

    func collect() -> [ItemOutcome] { (0..<count).map { buffer[$0]! } }

    func deallocate() {
        buffer.deinitialize(count: count)
        buffer.deallocate()
    }
}

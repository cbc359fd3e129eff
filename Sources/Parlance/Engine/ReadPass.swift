import ParlanceGrammar
import ParlanceVocabulary

/// One read of an utterance in the parse's cascade (``Engine/readPasses(languageGiven:)``):
/// what the read may correct and leave to free text, when it is made, and when its best
/// reading ends the parse. Cheap reads come first, and a reading one of them finds that no
/// later read could beat ends the cascade.
struct ReadPass: Sendable, Equatable {
    /// When template words and list values may be corrected; the engine's option when nil.
    var fuzziness: MatchOptions.Fuzziness?
    /// The edits allowed in vocabulary found in the utterance; the engine's for the
    /// language when nil (``EngineOptions/editPolicy(for:)``).
    var vocabulary: EditPolicy?
    /// Whether wildcard slots may take free text; false: only values found in the utterance
    /// fill them (free text is most of the paths a grammar follows: it can end at any word,
    /// in Japanese at any character).
    var freeText: Bool
    /// Whether the read returns nothing unless its best reading is unbeatable
    /// (``ReadingKey/isUnbeatable``): it gives up as soon as the grammar's readings show that
    /// none can be (each corrects a word or value or leaves words to free text), and before
    /// resolving any when the unbeatable ones are examples' readings that built-in templates drop.
    var onlyIfUnbeatable: Bool
    /// When the pass is made, given the best reading of the pass before it.
    var when: Condition
    /// When the pass's best reading is the parse's (no later pass is made).
    var ends: Ending

    enum Condition: Sendable, Equatable {
        /// Whenever the cascade reaches the pass.
        case always
        /// Only when the pass before found an unbeatable reading of an app's example phrase
        /// of a custom intent (one no built-in template reads): nothing can drop that reading.
        case afterCustomExample
    }

    enum Ending: Sendable, Equatable {
        /// Its best, whatever it is (nothing included): the last pass.
        case always
        /// A best reading.
        case found
        /// An unbeatable best reading.
        case unbeatable
        /// An unbeatable best reading of a built-in template: an example phrase's reading is
        /// dropped where a built-in template reads the same intent, which the passes without
        /// free text may not have seen (``Reader/ExampleRule``).
        case unbeatableFromTemplate
    }

    /// A read with every correction the engine allows (`fuzziness`: the engine's when nil),
    /// free text and vocabulary with edits: how a text made from the utterance (a name or a
    /// date lifted out) is read, and the last passes of a parse.
    static func full(fuzziness: MatchOptions.Fuzziness? = nil) -> ReadPass {
        ReadPass(fuzziness: fuzziness, vocabulary: nil, freeText: true, onlyIfUnbeatable: false, when: .always, ends: .always)
    }
}

extension Engine {
    /// The reads of a parse, in order (``ReadPass``).
    ///
    /// Vocabulary as written first. A reading that leaves nothing to free text and corrects
    /// nothing is unbeatable (``ReadingKey``: no template word corrected, no character
    /// unexplained), and a corrected vocabulary item could only add an edit: the search of
    /// the users' vocabulary with edits, the dearest step of a parse, is then not needed
    /// ("pay my bill", "call Sparkle Sparkly"). Free text ("saying are you ready") may hide
    /// a misspelled name, so there it is searched (``Reader``: on the words the readings
    /// leave to a vocabulary parameter as free text).
    ///
    /// And without free text first: an unbeatable reading has none, and free text is most
    /// of what the grammar follows (it may end at any word). Readings with free text only
    /// ever rank after an unbeatable one, and matter to it in one way: a built-in template's
    /// reading drops an app's example phrase read for the same intent (``Reader/ExampleRule``;
    /// "Send status to Travis using Commander" taken literally from the example leaves the
    /// message unsaid). So an unbeatable best from a built-in template is the answer, its
    /// alternatives being the readings without free text; one from an example phrase is
    /// read again with free text; and when no reading without free text is unbeatable, none
    /// with free text is either.
    ///
    /// That second read is made only for an example of an intent no built-in template reads
    /// (a custom intent): nothing can drop its reading, and the read ends the parse. Where
    /// built-in templates read the intent, they mostly read the example too, its values as
    /// free text ("saying {content}"), and drop its reading: the second read finds nothing to
    /// stop at and the full read follows. (In Corpora/tests, 18 utterances are examples so
    /// read; for all 18 the second read found nothing, and their three reads made them the
    /// slowest parses.) So those go to the full read at once, which finds every unbeatable
    /// reading the second read would (the same readings, found the same way, ranked first):
    /// the same best, at the cost of the search with edits where an example survives.
    ///
    /// Then the full read. With corrections only when nothing matches (the default) and no
    /// language given, "nothing" means in any language: every language is read as written
    /// first, and corrected only if none reads it. Otherwise each wrong language, finding
    /// nothing as written, would try every correction of every word (a French sentence is a
    /// few edits from Spanish). With no edits allowed anywhere there is one read, with free text.
    func readPasses(languageGiven: Bool) -> [ReadPass] {
        languageGiven ? readPassTable.languageGiven : readPassTable.languageUnknown
    }

    /// The passes of ``readPasses(languageGiven:)`` under `options`, made once per engine
    /// (a parse then allocates no table of its own).
    static func readPasses(languageGiven: Bool, options: EngineOptions) -> [ReadPass] {
        if options.editPolicy.maxEdits(forKeyLength: .max) == 0 && options.fuzziness == .off {
            return [ReadPass(fuzziness: .off, vocabulary: .fixed(0), freeText: true, onlyIfUnbeatable: false, when: .always, ends: .always)]
        }
        var passes = [
            ReadPass(fuzziness: .off, vocabulary: .fixed(0), freeText: false, onlyIfUnbeatable: true, when: .always, ends: .unbeatableFromTemplate),
            ReadPass(fuzziness: .off, vocabulary: .fixed(0), freeText: true, onlyIfUnbeatable: true, when: .afterCustomExample, ends: .unbeatable),
        ]
        if !languageGiven && options.fuzziness == .whenNothingMatches {
            var asWritten = ReadPass.full(fuzziness: .off)
            asWritten.ends = .found
            passes.append(asWritten)
        }
        passes.append(.full())
        return passes
    }
}

extension NumberReader {
    /// Every way the language's rule-based number formats spell each value: one text per
    /// public rule set (cardinal, ordinal, year, verbose, gendered…), duplicates removed, in
    /// rule-set order. What a grammar needs to match numbers in words without parsing them
    /// (hassil builds its number trie the same way).
    ///
    /// ```swift
    /// let reader = try NumberReader(language: Language("en"))
    /// reader.spellings(of: [21, 2.5])[21]  // ["twenty-one", "twenty-first", …]
    /// reader.spellings(of: [2.5])[2.5]     // ["two point five"]
    /// ```
    ///
    /// A rule set that falls back to digits for a value (ICU has no words for it) gives no
    /// spelling.
    ///
    /// `ruleSets: .cardinal` leaves out the ordinal rule sets (ICU's `%spellout-ordinal…`):
    /// the words a count or a year is said in, at a fraction of the cost, for long ranges
    /// such as years.
    ///
    /// - Complexity: one ICU format call per value and rule set (microseconds each).
    public func spellings(of values: some Sequence<Double>, ruleSets: SpellingRuleSets = .all) -> [Double: [String]] {
        // Spellings never change for a locale: remembered process-wide, so a second grammar
        // (or a range that overlaps another) pays only for numbers not spelled yet.
        let locale = language.icuLocale + (ruleSets == .all ? "" : "|cardinal")
        var result: [Double: [String]] = [:]
        var missing: [Double] = []
        SpellingMemo.lock.withLock {
            let known = SpellingMemo.spellings[locale] ?? [:]
            for value in values {
                if let spelled = known[value] { result[value] = spelled } else { missing.append(value) }
            }
        }
        guard !missing.isEmpty else { return result }
        let computed = spell(missing, ruleSets: ruleSets)
        SpellingMemo.lock.withLock {
            for value in missing {
                let spelled = computed[value] ?? []
                SpellingMemo.spellings[locale, default: [:]][value] = spelled
                if !spelled.isEmpty { result[value] = spelled }
            }
        }
        return result
    }

    private func spell(_ values: [Double], ruleSets kind: SpellingRuleSets) -> [Double: [String]] {
        formats.withFormats { formats in
            var result: [Double: [String]] = [:]
            let ruleSets = (try? formats.spellout.ruleSets()) ?? []
            for ruleSet in ruleSets where kind == .all || !ruleSet.hasPrefix("%spellout-ordinal") {
                guard (try? formats.spellout.setRuleSet(ruleSet)) != nil else { continue }
                for value in values {
                    guard let text = try? formats.spellout.format(value),
                          !text.unicodeScalars.contains(where: \.isDecimalDigit),
                          !(result[value]?.contains(text) ?? false) else { continue }
                    result[value, default: []].append(text)
                }
            }
            return result
        }
    }
}

/// Which of a language's rule sets ``NumberReader/spellings(of:ruleSets:)`` spells with.
public enum SpellingRuleSets: Sendable {
    /// Every public rule set: cardinal, ordinal, year, verbose, gendered.
    case all
    /// All but the ordinal ones: counting, cardinal, year.
    case cardinal
}

/// Spellings computed so far, by ICU locale (and rule sets) and number.
enum SpellingMemo {
    static let lock = Lock()
    nonisolated(unsafe) static var spellings: [String: [Double: [String]]] = [:]
}

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
    /// - Complexity: one ICU format call per value and rule set (microseconds each).
    public func spellings(of values: some Sequence<Double>) -> [Double: [String]] {
        formats.withFormats { formats in
            var result: [Double: [String]] = [:]
            let ruleSets = (try? formats.spellout.ruleSets()) ?? []
            for ruleSet in ruleSets {
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

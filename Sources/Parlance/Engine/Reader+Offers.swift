import ParlanceGrammar
import ParlanceVocabulary

/// The first stage of a read: what the vocabulary offers the grammar. The users' items and
/// the apps' found in the utterance, and the apps' names, become values of the grammar's
/// lists (``FoundValues``), grouped by app so that no reading mixes two apps' values.
extension Reader {
    /// A value offered to the grammar: a vocabulary item or an app name, where it stands.
    struct Offer {
        let span: VocabularySpan
        /// The app it belongs to.
        let app: Int
        /// True for an app name.
        let isAppName: Bool
    }

    /// What one read offers the grammar.
    struct Offers {
        /// The values offered, as the grammar's found values number them (a slot's
        /// ``SlotMatch/foundIndex``): one per list, app, words and edits, then the apps' names.
        var offers: [Offer]
        /// Every vocabulary item found, one offer each: items on the same words read the
        /// same to the grammar, and the resolver asks which one was meant.
        var vocabularyOffers: [Offer]
        /// The values as the grammar takes them.
        var found: FoundValues
        /// Where the apps' names were found.
        var appNameSpans: [Range<Int>]
    }

    /// The offers of `known` (the users' vocabulary found in the utterance) and `appSpans`
    /// (the apps' vocabulary and names found there); `freeText` false closes every wildcard
    /// list to anything but what is offered.
    func offers(known: [VocabularySpan], appSpans: (vocabulary: [VocabularySpan], names: [VocabularySpan]), freeText: Bool) -> Offers {
        var found = FoundValues(closedLists: ["app"])
        found.closesEveryWildcardList = !freeText
        // One value per list, app, words and edits goes to the grammar: items found on the
        // same words read the same to it, and the resolver sees them all (`vocabularyOffers`)
        // to ask which one. With many user entries, common words match several ("send":
        // Send, Spend, Tend…), and each value offered is a path the matcher follows.
        struct Place: Hashable {
            let list: String; let app: Int; let span: Range<Int>; let edits: Int
            // (The list is left out of the hash: hashing its name was most of the cost of
            // offering a span, and one place holds a few lists at most. It is compared last.)
            func hash(into hasher: inout Hasher) {
                hasher.combine(app)
                hasher.combine(span.lowerBound)
                hasher.combine(span.upperBound)
                hasher.combine(edits)
            }
            static func == (a: Place, b: Place) -> Bool {
                a.app == b.app && a.span == b.span && a.edits == b.edits && a.list == b.list
            }
        }
        var offers: [Offer] = []
        var vocabularyOffers: [Offer] = []
        // The value offered for each place so far (`places[i]` is `values[i]`'s): searched
        // in place while there are few (a read offers a handful on average, and hashing a
        // place cost more than comparing a dozen), through a table past `placesScanned`.
        var places: [Place] = []
        var representative: [Place: Int] = [:]
        let placesScanned = 24
        var values: [FoundValues.Value] = []
        // (The users' spans, then the apps': not joined into one array, which copies every span.)
        func offer(_ span: VocabularySpan) {
            let owner = vocabulary.owner(span.match.itemIndex)
            let offer = Offer(span: span, app: owner.app, isAppName: false)
            vocabularyOffers.append(offer)
            for list in owner.lists {
                let place = Place(list: list, app: owner.app, span: span.scalarRange, edits: span.edits)
                let earlier = places.count <= placesScanned ? places.firstIndex(of: place) : representative[place]
                if let index = earlier {
                    if span.match.ranks(before: offers[index].span.match) {
                        values[index] = FoundValues.Value(list: list, span: span.scalarRange, output: .int(span.match.itemIndex),
                                                          text: span.match.matchedText, edits: span.edits, group: owner.app)
                        offers[index] = offer
                    }
                    continue
                }
                if places.count == placesScanned {
                    representative.reserveCapacity(4 * placesScanned)
                    for (index, scanned) in places.enumerated() { representative[scanned] = index }
                }
                if places.count >= placesScanned { representative[place] = values.count }
                places.append(place)
                values.append(FoundValues.Value(list: list, span: span.scalarRange, output: .int(span.match.itemIndex),
                                                text: span.match.matchedText, edits: span.edits, group: owner.app))
                offers.append(offer)
            }
        }
        let spanCount = known.count + appSpans.vocabulary.count
        vocabularyOffers.reserveCapacity(spanCount)
        places.reserveCapacity(2 * spanCount)
        values.reserveCapacity(2 * spanCount)
        offers.reserveCapacity(2 * spanCount + appSpans.names.count)
        for span in known { offer(span) }
        for span in appSpans.vocabulary { offer(span) }
        found.values.reserveCapacity(values.count + appSpans.names.count)
        for value in values { found.append(value) }
        for span in appSpans.names {
            found.append(Reader.appNameValue(span))
            offers.append(Offer(span: span, app: span.match.itemIndex, isAppName: true))
        }
        return Offers(offers: offers, vocabularyOffers: vocabularyOffers, found: found,
                      appNameSpans: offers.filter(\.isAppName).map(\.span.scalarRange))
    }

    /// An app's name found in the utterance, as the value of the grammar's `app` list (its
    /// own group: a reading takes the name and the vocabulary of one app).
    static func appNameValue(_ span: VocabularySpan) -> FoundValues.Value {
        FoundValues.Value(list: "app", span: span.scalarRange, output: .int(span.match.itemIndex),
                          text: span.match.matchedText, edits: span.edits, group: span.match.itemIndex)
    }
}

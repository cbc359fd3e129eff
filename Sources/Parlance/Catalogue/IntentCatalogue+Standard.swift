import ParlanceVocabulary

extension IntentCatalogue {
    /// SiriKit's system intents, domain by domain, with the parameters people say
    /// (identifiers, attachments and other values no utterance carries are left out).
    /// Parameter names are SiriKit's property names; a dotted name is a field of a
    /// structured value (`mediaSearch.artistName` of `INMediaSearch`).
    public static let standard = IntentCatalogue(
        messaging + payments + workouts + rideBooking + calling + photos + listsAndNotes + media + carCommands + restaurants)

    // MARK: Enumerations (SiriKit's case names)

    static let messageAttribute = ParameterKind.enumeration("messageAttribute", ["read", "unread", "flagged", "unflagged", "played"])
    static let billType = ParameterKind.enumeration("billType", [
        "autoInsurance", "cable", "carLease", "carLoan", "creditCard", "electricity", "gas", "garbageAndRecycling",
        "healthInsurance", "homeInsurance", "internet", "lifeInsurance", "mortgage", "musicStreaming", "phone", "rent",
        "sewer", "studentLoan", "trafficTicket", "tuition", "utilities", "water",
    ])
    static let paymentStatus = ParameterKind.enumeration("paymentStatus", ["pending", "completed", "canceled", "failed", "unpaid"])
    static let accountType = ParameterKind.enumeration("accountType", ["checking", "credit", "debit", "investment", "mortgage", "prepaid", "saving"])
    static let balanceType = ParameterKind.enumeration("balanceType", ["money", "points", "miles"])
    static let currency = ParameterKind.enumeration("currency", ["USD", "EUR", "GBP", "JPY", "CNY", "CHF", "CAD", "AUD", "MXN"])
    static let goalUnit = ParameterKind.enumeration("workoutGoalUnit", [
        "inch", "meter", "foot", "mile", "yard", "second", "minute", "hour", "joule", "kiloCalorie",
    ])
    static let workoutLocation = ParameterKind.enumeration("workoutLocation", ["outdoor", "indoor"])
    static let callCapability = ParameterKind.enumeration("callCapability", ["audioCall", "videoCall"])
    static let callDestination = ParameterKind.enumeration("callDestination", ["normal", "emergency", "voicemail", "redial", "callBack"])
    static let audioRoute = ParameterKind.enumeration("audioRoute", ["speakerphoneAudioRoute", "bluetoothAudioRoute"])
    static let taskStatus = ParameterKind.enumeration("taskStatus", ["notCompleted", "completed"])
    static let taskPriority = ParameterKind.enumeration("taskPriority", ["notFlagged", "flagged"])
    static let notebookItemType = ParameterKind.enumeration("notebookItemType", ["note", "taskList", "task"])
    static let mediaType = ParameterKind.enumeration("mediaType", [
        "song", "album", "artist", "genre", "playlist", "podcastShow", "podcastEpisode", "musicStation", "audioBook",
        "movie", "tvShow", "musicVideo", "radioStation", "music", "news",
    ])
    static let mediaReference = ParameterKind.enumeration("mediaReference", ["currentlyPlaying"])
    static let repeatMode = ParameterKind.enumeration("repeatMode", ["none", "all", "one"])
    static let affinity = ParameterKind.enumeration("affinity", ["like", "dislike"])
    static let carSignal = ParameterKind.enumeration("carSignal", ["audible", "visible"])
    static let genre = ParameterKind.enumeration("genre", [
        "jazz", "rock", "pop", "classical", "hipHop", "electronic", "country", "blues", "reggae", "metal", "folk", "soul",
    ])

    // MARK: Domains

    static let messaging: [IntentDefinition] = [
        IntentDefinition("INSendMessageIntent", .messaging, [
            ParameterDefinition("recipients", .vocabulary([.contactName]), list: "contact", required: true, multiple: true,
                                waivedBy: ["speakableGroupName"]),
            ParameterDefinition("content", .text, list: "message", required: true),
            ParameterDefinition("speakableGroupName", .vocabulary([.contactGroupName]), list: "group"),
        ], responseCodes: ["failureMessageServiceNotAvailable", "failureRequiringInAppAuthentication"]),
        IntentDefinition("INSearchForMessagesIntent", .messaging, [
            ParameterDefinition("senders", .vocabulary([.contactName]), list: "contact", multiple: true),
            ParameterDefinition("attributes", messageAttribute),
            ParameterDefinition("searchTerms", .text, list: "topic", multiple: true),
            ParameterDefinition("dateTimeRange", .dateTime, timing: .past),
            ParameterDefinition("speakableGroupNames", .vocabulary([.contactGroupName]), list: "group", multiple: true),
        ], responseCodes: ["failureMessageServiceNotAvailable", "failureMessageTooManyResults"]),
        IntentDefinition("INSetMessageAttributeIntent", .messaging, [
            ParameterDefinition("attribute", messageAttribute, required: true),
        ], responseCodes: ["failureMessageNotFound", "failureMessageAttributeNotSet"]),
    ]

    static let payments: [IntentDefinition] = {
        let paymentFailures = ["failureCredentialsUnverified", "failurePaymentsAmountBelowMinimum", "failurePaymentsAmountAboveMaximum",
                               "failurePaymentsCurrencyUnsupported", "failureNoBankAccount", "failureNotEligible",
                               "failureTermsAndConditionsAcceptanceRequired"]
        return [
            IntentDefinition("INSendPaymentIntent", .payments, [
                ParameterDefinition("payee", .vocabulary([.contactName]), list: "contact", required: true),
                ParameterDefinition("currencyAmount", .currencyAmount, required: true),
                ParameterDefinition("currencyAmount.currencyCode", currency),
                ParameterDefinition("note", .text, list: "message"),
            ], responseCodes: paymentFailures + ["failureInsufficientFunds"]),
            IntentDefinition("INRequestPaymentIntent", .payments, [
                ParameterDefinition("payer", .vocabulary([.contactName]), list: "contact", required: true),
                ParameterDefinition("currencyAmount", .currencyAmount, required: true),
                ParameterDefinition("currencyAmount.currencyCode", currency),
                ParameterDefinition("note", .text, list: "message"),
            ], responseCodes: paymentFailures),
            IntentDefinition("INPayBillIntent", .payments, [
                ParameterDefinition("billPayee", .vocabulary([.paymentsAccountNickname, .paymentsOrganizationName]), list: "payee",
                                    required: true, defaultsToVocabulary: true),
                ParameterDefinition("fromAccount", .vocabulary([.paymentsAccountNickname]), list: "account"),
                ParameterDefinition("transactionAmount", .currencyAmount),
                ParameterDefinition("transactionAmount.currencyCode", currency),
                ParameterDefinition("billType", billType),
                ParameterDefinition("transactionScheduledDate", .dateTime, timing: .upcoming),
                ParameterDefinition("dueDate", .dateTime, list: "date"),
            ], responseCodes: ["failureCredentialsUnverified", "failureInsufficientFunds"]),
            IntentDefinition("INSearchForBillsIntent", .payments, [
                ParameterDefinition("billPayee", .vocabulary([.paymentsAccountNickname, .paymentsOrganizationName]), list: "payee"),
                ParameterDefinition("billType", billType),
                ParameterDefinition("status", paymentStatus),
                ParameterDefinition("dueDateRange", .dateTime),
            ], responseCodes: ["failureCredentialsUnverified", "failureBillNotFound"]),
            IntentDefinition("INTransferMoneyIntent", .payments, [
                ParameterDefinition("fromAccount", .vocabulary([.paymentsAccountNickname]), list: "account"),
                ParameterDefinition("toAccount", .vocabulary([.paymentsAccountNickname]), list: "account", required: true),
                ParameterDefinition("transactionAmount", .currencyAmount, required: true),
                ParameterDefinition("transactionAmount.currencyCode", currency),
                ParameterDefinition("transactionScheduledDate", .dateTime, timing: .upcoming),
            ], responseCodes: ["failureCredentialsUnverified", "failureInsufficientFunds"]),
            IntentDefinition("INSearchForAccountsIntent", .payments, [
                ParameterDefinition("accountNickname", .vocabulary([.paymentsAccountNickname]), list: "account"),
                ParameterDefinition("accountType", accountType),
                ParameterDefinition("organizationName", .vocabulary([.paymentsOrganizationName]), list: "organization"),
                ParameterDefinition("requestedBalanceType", balanceType),
            ], responseCodes: ["failureCredentialsUnverified", "failureAccountNotFound", "failureTermsAndConditionsAcceptanceRequired",
                               "failureNotEligible"]),
        ]
    }()

    static let workouts: [IntentDefinition] = {
        let codes = ["continueInApp", "failureNoMatchingWorkout", "handleInApp"]
        func control(_ name: String) -> IntentDefinition {
            IntentDefinition(name, .workouts, [ParameterDefinition("workoutName", .vocabulary([.workoutActivityName]), list: "workout")],
                             responseCodes: codes)
        }
        return [
            IntentDefinition("INStartWorkoutIntent", .workouts, [
                ParameterDefinition("workoutName", .vocabulary([.workoutActivityName]), list: "workout", required: true),
                ParameterDefinition("goalValue", .number),
                ParameterDefinition("workoutGoalUnitType", goalUnit),
                ParameterDefinition("workoutLocationType", workoutLocation),
            ], responseCodes: codes + ["failureOngoingWorkout"]),
            control("INPauseWorkoutIntent"), control("INResumeWorkoutIntent"), control("INEndWorkoutIntent"), control("INCancelWorkoutIntent"),
        ]
    }()

    static let rideBooking: [IntentDefinition] = [
        IntentDefinition("INRequestRideIntent", .rideBooking, [
            ParameterDefinition("pickupLocation", .location),
            ParameterDefinition("dropOffLocation", .location, required: true),
            ParameterDefinition("rideOptionName", .vocabulary([]), list: "rideOption"),
            ParameterDefinition("partySize", .number),
            ParameterDefinition("scheduledPickupTime", .dateTime, timing: .upcoming),
        ], responseCodes: ["failureRequiringAppLaunchMustVerifyCredentials", "failureRequiringAppLaunchNoServiceInArea",
                           "failureRequiringAppLaunchServiceTemporarilyUnavailable", "failureRequiringAppLaunchPreviousRideNeedsCompletion",
                           "failureRequiringAppLaunchRideScheduledTooFar"]),
        IntentDefinition("INListRideOptionsIntent", .rideBooking, [
            ParameterDefinition("pickupLocation", .location),
            ParameterDefinition("dropOffLocation", .location),
        ], responseCodes: ["failureRequiringAppLaunchMustVerifyCredentials", "failureRequiringAppLaunchNoServiceInArea",
                           "failureRequiringAppLaunchServiceTemporarilyUnavailable", "failureRequiringAppLaunchPreviousRideNeedsCompletion",
                           "failurePreviousRideNeedsFeedback"]),
        IntentDefinition("INGetRideStatusIntent", .rideBooking, [],
                         responseCodes: ["failureRequiringAppLaunchMustVerifyCredentials", "failureRequiringAppLaunchServiceTemporarilyUnavailable"]),
        IntentDefinition("INCancelRideIntent", .rideBooking, []),
    ]

    static let calling: [IntentDefinition] = [
        IntentDefinition("INStartCallIntent", .voipCalling, [
            ParameterDefinition("contacts", .vocabulary([.contactName]), list: "contact", required: true, multiple: true),
            ParameterDefinition("callCapability", callCapability),
            ParameterDefinition("destinationType", callDestination),
            ParameterDefinition("audioRoute", audioRoute),
        ], responseCodes: ["continueInApp", "userConfirmationRequired", "failureCallingServiceNotAvailable", "failureContactNotSupportedByApp",
                           "failureAirplaneModeEnabled", "failureUnableToHandOff", "failureAppConfigurationRequired", "failureCallInProgress",
                           "failureCallRinging", "failureRequiringInAppAuthentication"]),
    ]

    static let photos: [IntentDefinition] = ["INSearchForPhotosIntent", "INStartPhotoPlaybackIntent"].map { name in
        IntentDefinition(name, .photos, [
            ParameterDefinition("albumName", .vocabulary([.photoAlbumName]), list: "album"),
            ParameterDefinition("searchTerms", .vocabulary([.photoTag]), list: "photoTag", multiple: true),
            ParameterDefinition("peopleInPhoto", .vocabulary([.contactName]), list: "contact", multiple: true),
            ParameterDefinition("locationCreated", .location),
            ParameterDefinition("dateCreated", .dateTime, timing: .past),
        ], responseCodes: ["continueInApp", "failureAppConfigurationRequired"])
    }

    static let listsAndNotes: [IntentDefinition] = [
        IntentDefinition("INCreateNoteIntent", .listsAndNotes, [
            ParameterDefinition("title", .text, list: "title"),
            ParameterDefinition("content", .text, list: "message"),
            ParameterDefinition("groupName", .vocabulary([.notebookItemGroupName]), list: "noteGroup"),
        ]),
        IntentDefinition("INAppendToNoteIntent", .listsAndNotes, [
            ParameterDefinition("targetNote", .vocabulary([.notebookItemTitle]), list: "notebookItem", required: true),
            ParameterDefinition("content", .text, list: "message", required: true),
        ], responseCodes: ["failureCannotUpdatePasswordProtectedNote"]),
        IntentDefinition("INAddTasksIntent", .listsAndNotes, [
            ParameterDefinition("taskTitles", .text, list: "task", required: true, multiple: true),
            ParameterDefinition("targetTaskList", .vocabulary([.notebookItemTitle]), list: "notebookItem"),
            ParameterDefinition("temporalEventTrigger", .dateTime, timing: .upcoming),
            ParameterDefinition("priority", taskPriority),
        ]),
        IntentDefinition("INCreateTaskListIntent", .listsAndNotes, [
            ParameterDefinition("title", .text, list: "title", required: true),
            ParameterDefinition("taskTitles", .text, list: "task", multiple: true),
            ParameterDefinition("groupName", .vocabulary([.notebookItemGroupName]), list: "noteGroup"),
        ]),
        IntentDefinition("INSetTaskAttributeIntent", .listsAndNotes, [
            ParameterDefinition("targetTask", .vocabulary([.notebookItemTitle]), list: "notebookItem", required: true),
            ParameterDefinition("status", taskStatus),
            ParameterDefinition("priority", taskPriority),
            ParameterDefinition("temporalEventTrigger", .dateTime, timing: .upcoming),
        ]),
        IntentDefinition("INSearchForNotebookItemsIntent", .listsAndNotes, [
            ParameterDefinition("title", .vocabulary([.notebookItemTitle]), list: "notebookItem"),
            ParameterDefinition("content", .text, list: "topic"),
            ParameterDefinition("itemType", notebookItemType),
            ParameterDefinition("status", taskStatus),
            ParameterDefinition("dateTime", .dateTime),
        ]),
    ]

    static let media: [IntentDefinition] = {
        let search = [
            ParameterDefinition("mediaSearch.mediaName", .vocabulary([.mediaPlaylistTitle, .mediaAudiobookTitle, .mediaShowTitle]), list: "media"),
            ParameterDefinition("mediaSearch.artistName", .vocabulary([.mediaMusicArtistName, .mediaAudiobookAuthorName]), list: "artist"),
            ParameterDefinition("mediaSearch.mediaType", mediaType),
            ParameterDefinition("mediaSearch.genreNames", genre, multiple: true),
            ParameterDefinition("mediaSearch.reference", mediaReference),
        ]
        return [
            IntentDefinition("INPlayMediaIntent", .media, search + [
                ParameterDefinition("playShuffled", .boolean),
                ParameterDefinition("playbackRepeatMode", repeatMode),
            ], responseCodes: ["continueInApp", "handleInApp", "failureUnknownMediaType", "failureNoUnplayedContent", "failureRestrictedContent"]),
            IntentDefinition("INAddMediaIntent", .media, search + [
                ParameterDefinition("mediaDestination.playlistName", .vocabulary([.mediaPlaylistTitle]), list: "playlist"),
            ], responseCodes: ["handleInApp"]),
            IntentDefinition("INSearchForMediaIntent", .media, search, responseCodes: ["continueInApp"]),
            IntentDefinition("INUpdateMediaAffinityIntent", .media, search + [
                ParameterDefinition("affinityType", affinity, required: true),
            ]),
        ]
    }()

    static let carCommands: [IntentDefinition] = {
        let car = ParameterDefinition("carName", .vocabulary([.carName]), list: "car", defaultsToVocabulary: true)
        return [
            IntentDefinition("INActivateCarSignalIntent", .carCommands, [car, ParameterDefinition("signals", carSignal, required: true, multiple: true)]),
            IntentDefinition("INGetCarLockStatusIntent", .carCommands, [car]),
            IntentDefinition("INSetCarLockStatusIntent", .carCommands, [ParameterDefinition("locked", .boolean, required: true), car]),
            IntentDefinition("INGetCarPowerLevelStatusIntent", .carCommands, [car]),
        ]
    }()

    static let restaurants: [IntentDefinition] = [
        IntentDefinition("INBookRestaurantReservationIntent", .restaurantReservations, [
            ParameterDefinition("restaurant", .text, list: "restaurant", required: true),
            ParameterDefinition("partySize", .number, list: "partySize", required: true),
            ParameterDefinition("bookingDateComponents", .dateTime, required: true, timing: .upcoming),
        ], responseCodes: ["failureRequestUnsatisfiable"]),
        IntentDefinition("INGetAvailableRestaurantReservationBookingsIntent", .restaurantReservations, [
            ParameterDefinition("restaurant", .text, list: "restaurant", required: true),
            ParameterDefinition("partySize", .number, list: "partySize"),
            ParameterDefinition("preferredBookingDateComponents", .dateTime, timing: .upcoming),
        ], responseCodes: ["failureRequestUnsatisfiable"]),
    ]
}

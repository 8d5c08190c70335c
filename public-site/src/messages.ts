// Every user-facing text of the public site (DESIGN: one messages.ts per package; SPEC texts word for word).
export const messages = {
  servicesTitle: 'Services',
  failedToLoadServices: 'Failed to load services',
  loading: 'Loading…',

  // Home (SPEC §2)
  home: {
    eyebrow: 'Model & Content Creator · Phoenix / Scottsdale',
    title: 'Ava Monroe',
    lead:
      'Editorial, commercial and runway modeling, plus scroll-stopping UGC for brands that want to look effortless and feel real.',
    book: 'Book Now',
    portfolio: 'View Portfolio',
    heroAlt: 'Ava Monroe posing against a warm desert backdrop',
    servicesIntro: 'Pick a service to start a booking, or open Learn More for the packages and what each includes.',
    learnMore: 'Learn More',
    // Read after Book Now / Learn More by screen readers, so each card's buttons have distinct names.
    bookSuffix: (name: string) => ` for ${name}`,
    learnMoreSuffix: (name: string) => ` about ${name}`,
  },
  noServices: 'No services available.',

  // Service detail (SPEC §2)
  serviceNotFound: 'Service Not Found',
  serviceNotFoundHint: 'This service may have been renamed or retired.',
  allServices: 'All services',
  pricingTitle: 'Packages & pricing',
  tierHeader: 'Tier',
  priceHeader: 'Price',
  includesHeader: 'Includes',
  bookHeader: 'Book',
  book: 'Book',

  // Portfolio (SPEC §2, §8)
  portfolio: {
    title: 'Portfolio',
    intro: 'Runway, print concepts, comp card, digitals and short-form video, updated every season.',
    manage: 'Manage Portfolio',
    noContent: 'No portfolio content available.',
    refresh: 'Refresh Page',
    lastShows: (n: number) => `Last ${n} Shows`,
    concepts: (n: number) => `${n} Concepts`,
    viewAll: 'View All',
    reels: (n: number) => `${n} Reels`,
    backToPortfolio: 'Portfolio',
    sectionNotFound: 'Section not found',
    sectionNotFoundHint: 'That part of the portfolio does not exist. Pick a category instead.',
    runwayTitle: 'Runway',
    runwayIntro: 'Shows and presentations, walked live.',
    looks: (n: number) => `${n} looks`,
    backToShows: 'Back to all shows',
    printTitle: 'Print',
    printIntro: 'Concept shoots, each with its own styling, setting and purpose.',
    style: 'Style',
    wardrobe: 'Wardrobe',
    setting: 'Setting',
    purpose: 'Purpose',
    viewConcept: (name: string) => `View ${name}`,
    backToPrint: 'Back to print concepts',
    conceptNotFound: 'Concept not found',
    compCardTitle: 'Comp Card',
    compCardIntro: 'Measurements and signature looks at a glance.',
    noCompCard: 'No comp card content available yet.',
    digitalsTitle: 'Digitals',
    digitalsIntro: 'Unretouched polaroids, current as of this season.',
    noDigitals: 'No digital content available yet.',
    ugcTitle: 'UGC',
    ugcIntro: 'Short-form videos made for brands. Open a reel to watch it on Instagram.',
    noUgc: 'No UGC content available yet.',
    reelLink: (n: number) => `Watch reel ${n} on Instagram`,
    noImages: 'No images in this gallery yet.',
  },

  // Media (SPEC §2)
  media: {
    tapToPlay: 'TAP TO PLAY',
    /** Read after the visible TAP TO PLAY. */
    videoSuffix: (name: string) => ` (${name})`,
    pauseVideo: (name: string) => `Pause video: ${name}`,
    openImage: (name: string) => `Open ${name} in the viewer`,
    viewer: 'Image viewer',
    previous: 'Previous image',
    next: 'Next image',
    close: 'Close viewer',
    counter: (current: number, total: number) => `${current} / ${total}`,
  },

  // Project detail (SPEC §2, §8)
  project: {
    backToPortfolio: 'Portfolio',
    failed: 'Failed to load project data.',
    notFound: 'Project not found',
    noImages: 'No images found for this project.',
    images: 'Gallery',
    videos: 'Videos',
    image: (title: string, n: number) => `${title}, image ${n}`,
    video: (title: string, n: number) => `${title}, video ${n}`,
  },

  // Not found
  notFound: {
    title: 'Page not found',
    body: 'The page you are looking for does not exist or has moved.',
    home: 'Back to home',
  },

  // About (SPEC §2: story, approach, services and expertise, equipment list)
  about: {
    title: 'About Ava',
    eyebrow: 'Phoenix / Scottsdale · Available to travel',
    lead:
      'I am a freelance model and UGC creator based between Phoenix and Scottsdale, working with designers, photographers and brands across the Southwest and beyond.',
    portraitAlt: 'Portrait of Ava Monroe in soft window light',
    storyTitle: 'My story',
    story: [
      'I grew up in Tempe, borrowing my mother’s film camera and staging shoots in the backyard with whatever the closet offered. A street-style photo at Phoenix Fashion Week turned into my first agency test in 2018, and I have been in front of the camera ever since.',
      'Since then I have walked for emerging Southwest designers, shot editorials in the Sonoran desert at sunrise, and built a second career making short-form content for skincare, coffee and activewear brands. Both sides of the work feed each other: runway taught me discipline and presence, UGC taught me to sound like a real person.',
    ],
    approachTitle: 'How I work',
    approach: [
      'Prepared: I read the brief, build a mood board and arrive with posing ideas for every look.',
      'Collaborative: your photographer, stylist and art director set the direction; I bring energy and options.',
      'Reliable: on time, on brief, with clear communication before and after the shoot. I answer every inquiry within 24 hours.',
    ],
    expertiseTitle: 'Services & expertise',
    expertise: [
      'Editorial and high-fashion print',
      'Commercial, catalogue and e-commerce',
      'Runway, showrooms and fittings',
      'Fitness and activewear',
      'User-generated content: scripted and unscripted short-form video',
      'Brand events, launches and in-store appearances',
    ],
    equipmentTitle: 'UGC equipment',
    equipmentIntro: 'Everything I need to film, light and edit on my own, at home or on location.',
    equipment: [
      'iPhone 15 Pro (4K, ProRes, 120 fps)',
      'Sony ZV-E10 with a 16–50 mm kit lens',
      'DJI Mic 2 wireless lavalier pair',
      'Godox SL60W key light with softbox',
      'Two RGB tube lights for accents',
      'DJI Osmo Mobile 6 gimbal',
      'Collapsible backdrop in white, sand and black',
      'CapCut and DaVinci Resolve for editing and captions',
    ],
    statsTitle: 'At a glance',
    stats: [
      ['5′9″', 'Height'],
      ['8+', 'Years modeling'],
      ['120+', 'Brand videos'],
    ] as ReadonlyArray<readonly [string, string]>,
    cta: 'Have a project in mind?',
    ctaButton: 'Book a session',
  },
} as const;

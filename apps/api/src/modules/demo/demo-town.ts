import type { BusinessCategory, PRICE_RANGES } from "@plaza/contracts/businesses";
import type { DiscountType } from "@plaza/contracts/coupons";
import { DEMO_EMAIL_DOMAIN } from "@plaza/contracts/demo";
import type { POST_CATEGORIES } from "@plaza/contracts/posts";

/*
 * The demo town: fixed people, businesses and texts. Everything random about it (who likes what, when) comes
 * from a seeded generator in seed-demo.ts, so two seeds of the same day give the same town.
 */

export const DEMO_TOWN = {
  city: "Hood River",
  state: "Oregon",
  country: "United States",
  countryCode: "US",
  latitude: 45.7054,
  longitude: -121.5215,
  /** Local time zone offset (Pacific), so posts land in the town's daytime. */
  utcOffsetHours: -8,
} as const;

/** Every demo account signs in with this password (printed at start-up and listed on the sign-in page). */
export const DEMO_PASSWORD = "plaza-demo-town";
export const DEMO_SUPERUSER_EMAIL = `admin@${DEMO_EMAIL_DOMAIN}`;
/** The seed of the generator; changing it gives another (equally believable) town. */
export const DEMO_SEED = 20_261_122;
/** How far back the town's history goes. */
export const DEMO_HISTORY_DAYS = 35;

export type DemoRole = "superuser" | "creator" | "business" | "regular";

export interface DemoPerson {
  username: string;
  firstName: string;
  lastName: string;
  role: DemoRole;
  bio: string;
  /** Two colours of the generated profile photo. */
  colors: [string, string];
  /** Creators: monthly subscription price in cents. */
  subscriptionPriceCents?: number;
  /** Topics the person posts about (keys of POST_TOPICS). */
  topics: string[];
  /** Listed on the sign-in page with this line. */
  featured?: string;
  accountVisibility?: "public" | "private";
}

const BUSINESS_COLORS: [string, string][] = [
  ["#bc6c25", "#dda15e"],
  ["#606c38", "#283618"],
  ["#2a9d8f", "#264653"],
  ["#6f4518", "#a47148"],
  ["#588157", "#a3b18a"],
];
const REGULAR_COLORS: [string, string][] = [
  ["#577590", "#4d908e"],
  ["#f9844a", "#f9c74f"],
  ["#c9184a", "#ff4d6d"],
  ["#3a86ff", "#8338ec"],
  ["#8ac926", "#1982c4"],
];
const REGULAR_TOPICS = [
  ["community", "food"],
  ["outdoors", "community"],
  ["wind", "food"],
  ["running", "events"],
];

export const DEMO_PEOPLE: DemoPerson[] = [
  {
    username: "town_admin",
    firstName: "Riley",
    lastName: "Okafor",
    role: "superuser",
    bio: "Keeps Plaza tidy for Hood River. Moderator, coffee snob, reads every report.",
    colors: ["#1d3557", "#457b9d"],
    topics: ["community"],
    featured: "Superuser: the admin console, reports and logs",
  },
  // Creators
  {
    username: "maya_shoots",
    firstName: "Maya",
    lastName: "Lindqvist",
    role: "creator",
    bio: "Landscape photographer. Mt. Hood at sunrise, the Gorge at dusk. Prints and presets for subscribers.",
    colors: ["#f4a261", "#e76f51"],
    subscriptionPriceCents: 800,
    topics: ["photo", "outdoors"],
    featured: "Creator: photo posts, pay-per-view sets, subscribers and a wallet",
  },
  {
    username: "kitesurf_kai",
    firstName: "Kai",
    lastName: "Nakamura",
    role: "creator",
    bio: "Kiteboarding instructor at the Event Site. Wind reports, tricks, and bails.",
    colors: ["#00b4d8", "#0077b6"],
    subscriptionPriceCents: 600,
    topics: ["wind", "outdoors"],
  },
  {
    username: "orchard_ana",
    firstName: "Ana",
    lastName: "Reyes",
    role: "creator",
    bio: "Fruit Loop orchard diaries. Pears, cider and pie recipes from the valley.",
    colors: ["#90be6d", "#43aa8b"],
    subscriptionPriceCents: 500,
    topics: ["orchard", "food"],
  },
  {
    username: "trailrunner_jo",
    firstName: "Jo",
    lastName: "Whitaker",
    role: "creator",
    bio: "Ultra runner. Dog Mountain repeats and training plans.",
    colors: ["#9d4edd", "#5a189a"],
    subscriptionPriceCents: 700,
    topics: ["running", "outdoors"],
  },
  {
    username: "gorge_beats",
    firstName: "Marcus",
    lastName: "Bell",
    role: "creator",
    bio: "Folk and bluegrass. Playing the taprooms on Thursdays; demos for subscribers first.",
    colors: ["#ffb703", "#fb8500"],
    subscriptionPriceCents: 500,
    topics: ["music", "events"],
  },
  {
    username: "chef_priya",
    firstName: "Priya",
    lastName: "Raman",
    role: "creator",
    bio: "Home cook, supper-club host. Seasonal recipes with what the farmers market has.",
    colors: ["#d62828", "#f77f00"],
    subscriptionPriceCents: 900,
    topics: ["food", "orchard"],
  },
  {
    username: "muralist_theo",
    firstName: "Theo",
    lastName: "Castellano",
    role: "creator",
    bio: "Painting walls downtown, one alley at a time. Process videos and sketches.",
    colors: ["#ef476f", "#ffd166"],
    subscriptionPriceCents: 600,
    topics: ["art", "community"],
  },
  {
    username: "yoga_with_lena",
    firstName: "Lena",
    lastName: "Hartmann",
    role: "creator",
    bio: "Yoga on the waterfront, mobility for windsurfers and runners.",
    colors: ["#06d6a0", "#118ab2"],
    subscriptionPriceCents: 400,
    topics: ["wellness", "outdoors"],
  },
  // Business owners (one business each, same order as DEMO_BUSINESSES)
  ...(
    [
      ["pine_street_bakery", "Hannah", "Moreau"],
      ["riverside_grill", "Diego", "Alvarez"],
      ["pho_gorge", "Linh", "Tran"],
      ["ground_up_coffee", "Owen", "Fischer"],
      ["bluebird_tea", "Clara", "Jensen"],
      ["trailhead_roasters", "Sam", "Kowalski"],
      ["gorge_outfitters", "Ben", "Harlow"],
      ["paper_and_pine", "Ivy", "Sullivan"],
      ["summit_climbing", "Noah", "Brandt"],
      ["river_yoga_loft", "Sofia", "Delgado"],
      ["cascade_cuts", "Jamal", "Price"],
      ["willow_spa", "Grace", "Kim"],
      ["the_columbia_cinema", "Frank", "Ellison"],
      ["gorge_games_lanes", "Tessa", "Nguyen"],
      ["bike_fix_hood_river", "Luca", "Romano"],
    ] as const
  ).map(
    ([username, firstName, lastName], index): DemoPerson => ({
      username,
      firstName,
      lastName,
      role: "business",
      bio: "",
      colors: BUSINESS_COLORS[index % BUSINESS_COLORS.length] ?? ["#333", "#666"],
      topics: ["business"],
    }),
  ),
  // Regulars
  ...(
    [
      ["jess_h", "Jess", "Holloway", "Nurse at the hospital, weekend mountain biker."],
      ["tom_baker", "Tom", "Baker", "Retired teacher. Birds, books, and the best pie in town."],
      ["nina_p", "Nina", "Petrov", "Moved here for the wind, stayed for the people."],
      ["carlos_m", "Carlos", "Mendes", "Line cook by night, trail runner by morning."],
      ["aiko_s", "Aiko", "Sato", "Architect. Sketching the old storefronts on Oak Street."],
      ["dave_r", "Dave", "Russo", "Dad of three, coach of one very muddy soccer team."],
      ["emma_w", "Emma", "Walsh", "Student at CGCC. Coffee-powered."],
      ["liam_o", "Liam", "O'Connor", "Orchard hand in the season, snowboarder out of it."],
      ["zoe_k", "Zoe", "Kaplan", "Vet tech, dog mom, always at the dog park."],
      ["ravi_n", "Ravi", "Nair", "Software engineer working remote from the Gorge."],
      ["megan_f", "Megan", "Foster", "Librarian. Running the Thursday book club."],
      ["oscar_v", "Oscar", "Vega", "Firefighter. Ask me about trail safety."],
      ["hazel_b", "Hazel", "Brooks", "Ceramics hobbyist and farmers-market regular."],
      ["pete_l", "Pete", "Larsen", "Fishing the Columbia since before it was cool."],
      ["sara_d", "Sara", "Diaz", "New in town, looking for the best tacos."],
      ["will_g", "Will", "Grant", "Brewery tours are my cardio."],
    ] as const
  ).map(
    ([username, firstName, lastName, bio], index): DemoPerson => ({
      username,
      firstName,
      lastName,
      role: "regular",
      bio,
      colors: REGULAR_COLORS[index % REGULAR_COLORS.length] ?? ["#333", "#666"],
      topics: REGULAR_TOPICS[index % REGULAR_TOPICS.length] ?? ["community"],
      // One private account shows follow requests and the follower-only rule.
      ...(username === "megan_f" ? { accountVisibility: "private" as const } : {}),
      ...(username === "jess_h" ? { featured: "Regular: the feed, check-ins, coupons, messages" } : {}),
    }),
  ),
];

/** Who is listed on the sign-in page, in this order. */
export const FEATURED_USERNAMES = ["maya_shoots", "ground_up_coffee", "jess_h", "town_admin", "kitesurf_kai"];

export interface DemoBusiness {
  owner: string;
  name: string;
  category: BusinessCategory;
  description: string;
  address: string;
  phone: string;
  website: string;
  priceRange: (typeof PRICE_RANGES)[number];
  /** Metres east and north of the town centre. */
  offset: [number, number];
  coupons: {
    title: string;
    description: string;
    code: string;
    discountType: DiscountType;
    discountValue: number;
    maxRedemptions: number | null;
  }[];
  /** Short review texts customers leave after a verified visit. */
  reviews: string[];
}

export const DEMO_BUSINESSES: DemoBusiness[] = [
  {
    owner: "pine_street_bakery",
    name: "Pine Street Bakery",
    category: "restaurant",
    description:
      "Breakfast and lunch since 1987. Cardamom knots, marionberry scones, and the town's favourite eggs benedict.",
    address: "1103 12th St, Hood River, OR 97031",
    phone: "(541) 555-0142",
    website: "https://pinestreetbakery.example",
    priceRange: "$$",
    offset: [-450, -900],
    coupons: [
      {
        title: "Free scone with any coffee",
        description: "Any scone from the case, weekdays before 10.",
        code: "SCONE",
        discountType: "freeItem",
        discountValue: 0,
        maxRedemptions: 100,
      },
    ],
    reviews: [
      "The cardamom knot is worth the line.",
      "Best breakfast in town, friendly staff.",
      "Scones sold out by 11 but the quiche saved the day.",
    ],
  },
  {
    owner: "riverside_grill",
    name: "Riverside Grill",
    category: "restaurant",
    description: "Wood-fired steelhead, burgers and river views on the waterfront deck.",
    address: "1108 E Marina Way, Hood River, OR 97031",
    phone: "(541) 555-0187",
    website: "https://riversidegrill.example",
    priceRange: "$$$",
    offset: [600, 700],
    coupons: [
      {
        title: "15% off dinner for two",
        description: "Sunday to Thursday, dine-in.",
        code: "RIVER15",
        discountType: "percentage",
        discountValue: 15,
        maxRedemptions: 50,
      },
      {
        title: "$5 off happy hour platter",
        description: "3 to 5 pm on the deck.",
        code: "DECK5",
        discountType: "fixed",
        discountValue: 5,
        maxRedemptions: null,
      },
    ],
    reviews: [
      "Sunset on the deck with the steelhead, perfect.",
      "Great burger, a bit loud on Fridays.",
      "Service was quick even when packed.",
    ],
  },
  {
    owner: "pho_gorge",
    name: "Pho Gorge",
    category: "restaurant",
    description: "Family recipes, 12-hour broth, banh mi on house-baked rolls.",
    address: "212 Oak St, Hood River, OR 97031",
    phone: "(541) 555-0119",
    website: "",
    priceRange: "$",
    offset: [-120, 60],
    coupons: [
      {
        title: "Free spring rolls with two bowls",
        description: "Dine-in or takeout.",
        code: "ROLLS",
        discountType: "freeItem",
        discountValue: 0,
        maxRedemptions: 80,
      },
    ],
    reviews: [
      "The broth is incredible after a cold day on the water.",
      "Fast, cheap, delicious.",
      "Banh mi bread is the real deal.",
    ],
  },
  {
    owner: "ground_up_coffee",
    name: "Ground Up Coffee",
    category: "cafe",
    description: "Small-batch espresso bar on Oak Street. Oat milk at no extra charge, dogs welcome on the patio.",
    address: "307 Oak St, Hood River, OR 97031",
    phone: "(541) 555-0175",
    website: "https://groundup.example",
    priceRange: "$",
    offset: [40, 40],
    coupons: [
      {
        title: "Second latte free",
        description: "Bring a friend, the second latte is on us.",
        code: "BUDDY",
        discountType: "freeItem",
        discountValue: 0,
        maxRedemptions: 200,
      },
      {
        title: "10% off beans",
        description: "Any bag of whole beans.",
        code: "BEANS10",
        discountType: "percentage",
        discountValue: 10,
        maxRedemptions: null,
      },
    ],
    reviews: [
      "Best flat white in the Gorge.",
      "Cozy, great music, the dog got a treat.",
      "Wifi is solid, good spot to work.",
      "Baristas remember your order by day three.",
    ],
  },
  {
    owner: "bluebird_tea",
    name: "Bluebird Tea House",
    category: "cafe",
    description: "Loose-leaf teas, matcha and quiet corners with books to borrow.",
    address: "118 3rd St, Hood River, OR 97031",
    phone: "(541) 555-0133",
    website: "",
    priceRange: "$$",
    offset: [-60, 180],
    coupons: [
      {
        title: "Free pastry with a pot of tea",
        description: "Any pastry under $5.",
        code: "TEATIME",
        discountType: "freeItem",
        discountValue: 0,
        maxRedemptions: 60,
      },
    ],
    reviews: ["Such a calm place to read.", "The hojicha latte is lovely.", "A little pricey but worth it."],
  },
  {
    owner: "trailhead_roasters",
    name: "Trailhead Roasters",
    category: "cafe",
    description: "We roast on site every Tuesday. Drive-through window for the early crowd heading to the mountain.",
    address: "1620 Cascade Ave, Hood River, OR 97031",
    phone: "(541) 555-0161",
    website: "https://trailheadroasters.example",
    priceRange: "$",
    offset: [-1300, -150],
    coupons: [
      {
        title: "$2 off any drink before 7 am",
        description: "Early birds on the way to the mountain.",
        code: "EARLY2",
        discountType: "fixed",
        discountValue: 2,
        maxRedemptions: null,
      },
    ],
    reviews: [
      "Drive-through saved my powder day.",
      "Roast smells amazing on Tuesdays.",
      "Solid drip coffee, fair prices.",
    ],
  },
  {
    owner: "gorge_outfitters",
    name: "Gorge Outfitters",
    category: "retail",
    description: "Kite, windsurf and paddle gear, rentals and repairs. Ask about the lesson packages.",
    address: "13 Oak St, Hood River, OR 97031",
    phone: "(541) 555-0190",
    website: "https://gorgeoutfitters.example",
    priceRange: "$$$",
    offset: [350, 90],
    coupons: [
      {
        title: "20% off a rental day",
        description: "Kite or windsurf rentals, weekdays.",
        code: "WIND20",
        discountType: "percentage",
        discountValue: 20,
        maxRedemptions: 40,
      },
    ],
    reviews: ["They fixed my kite in a day.", "Staff actually knows the spots.", "Rental gear in good shape."],
  },
  {
    owner: "paper_and_pine",
    name: "Paper & Pine Books",
    category: "retail",
    description: "Independent bookshop with local authors, maps and a kids' corner.",
    address: "214 Oak St, Hood River, OR 97031",
    phone: "(541) 555-0128",
    website: "https://paperandpine.example",
    priceRange: "$$",
    offset: [-140, 30],
    coupons: [
      {
        title: "$5 off books over $25",
        description: "New books only.",
        code: "READ5",
        discountType: "fixed",
        discountValue: 5,
        maxRedemptions: 75,
      },
    ],
    reviews: ["Great local hiking guides.", "Ivy's recommendations are always right.", "Lovely kids' corner."],
  },
  {
    owner: "summit_climbing",
    name: "Summit Climbing Gym",
    category: "fitness",
    description: "Bouldering, top rope and a training room. Intro classes every Saturday.",
    address: "1500 Tucker Rd, Hood River, OR 97031",
    phone: "(541) 555-0156",
    website: "https://summitclimb.example",
    priceRange: "$$",
    offset: [-900, -1400],
    coupons: [
      {
        title: "Free day pass for first-timers",
        description: "Shoe rental included.",
        code: "FIRSTCLIMB",
        discountType: "freeItem",
        discountValue: 0,
        maxRedemptions: 30,
      },
    ],
    reviews: ["New problems every week.", "Friendly crowd, good for beginners.", "Could use more parking."],
  },
  {
    owner: "river_yoga_loft",
    name: "River Yoga Loft",
    category: "fitness",
    description: "Vinyasa, yin and mobility classes above the river. Mats provided.",
    address: "405 Portway Ave, Hood River, OR 97031",
    phone: "(541) 555-0104",
    website: "",
    priceRange: "$$",
    offset: [200, 800],
    coupons: [
      {
        title: "First class free",
        description: "Any class on the schedule.",
        code: "NAMASTE",
        discountType: "freeItem",
        discountValue: 0,
        maxRedemptions: 50,
      },
    ],
    reviews: ["The view during savasana!", "Lena's mobility class fixed my back.", "Warm, welcoming studio."],
  },
  {
    owner: "cascade_cuts",
    name: "Cascade Cuts",
    category: "beauty",
    description: "Barbershop and salon. Walk-ins welcome, hot towel shaves on Fridays.",
    address: "401 State St, Hood River, OR 97031",
    phone: "(541) 555-0167",
    website: "",
    priceRange: "$$",
    offset: [120, -120],
    coupons: [
      {
        title: "$10 off your first cut",
        description: "New customers.",
        code: "FRESH10",
        discountType: "fixed",
        discountValue: 10,
        maxRedemptions: 40,
      },
    ],
    reviews: ["Best fade in town.", "Quick, friendly, fair price.", "Hot towel shave is a treat."],
  },
  {
    owner: "willow_spa",
    name: "Willow Day Spa",
    category: "beauty",
    description: "Massage, facials and a cedar sauna for sore kiteboarders.",
    address: "610 Cascade Ave, Hood River, OR 97031",
    phone: "(541) 555-0111",
    website: "https://willowspa.example",
    priceRange: "$$$$",
    offset: [-300, -60],
    coupons: [
      {
        title: "15% off a 90-minute massage",
        description: "Weekdays.",
        code: "RELAX15",
        discountType: "percentage",
        discountValue: 15,
        maxRedemptions: 25,
      },
    ],
    reviews: [
      "Best massage I've had in years.",
      "The sauna after a windy day is heaven.",
      "Pricey but worth every cent.",
    ],
  },
  {
    owner: "the_columbia_cinema",
    name: "Columbia Cinema",
    category: "entertainment",
    description: "Two screens, real butter popcorn, classic movie Mondays.",
    address: "209 5th St, Hood River, OR 97031",
    phone: "(541) 555-0199",
    website: "https://columbiacinema.example",
    priceRange: "$",
    offset: [-260, 120],
    coupons: [
      {
        title: "Free small popcorn on Mondays",
        description: "With any ticket.",
        code: "POPCORN",
        discountType: "freeItem",
        discountValue: 0,
        maxRedemptions: null,
      },
    ],
    reviews: ["Classic movie Monday is the best night out.", "Old seats, great atmosphere.", "Popcorn is legit."],
  },
  {
    owner: "gorge_games_lanes",
    name: "Gorge Games & Lanes",
    category: "entertainment",
    description: "Eight lanes, arcade, pinball and a taproom. Cosmic bowling Saturdays.",
    address: "1800 Country Club Rd, Hood River, OR 97031",
    phone: "(541) 555-0137",
    website: "https://gorgegames.example",
    priceRange: "$$",
    offset: [-2100, 300],
    coupons: [
      {
        title: "Free shoe rental",
        description: "With any game.",
        code: "SHOES",
        discountType: "freeItem",
        discountValue: 0,
        maxRedemptions: 100,
      },
    ],
    reviews: ["Cosmic bowling with the kids was a blast.", "Good pinball selection.", "Lanes get busy, book ahead."],
  },
  {
    owner: "bike_fix_hood_river",
    name: "Bike Fix Hood River",
    category: "services",
    description: "Tune-ups, suspension service and same-day flat repairs.",
    address: "502 Columbia St, Hood River, OR 97031",
    phone: "(541) 555-0182",
    website: "",
    priceRange: "$$",
    offset: [260, 260],
    coupons: [
      {
        title: "20% off a full tune-up",
        description: "Book online or walk in.",
        code: "TUNEUP",
        discountType: "percentage",
        discountValue: 20,
        maxRedemptions: 40,
      },
    ],
    reviews: [
      "Same-day fix before my ride, lifesaver.",
      "Honest about what needed replacing.",
      "Luca knows suspension.",
    ],
  },
];

export type PostCategory = (typeof POST_CATEGORIES)[number];

export interface DemoGalleryPicture {
  caption: string;
  isPortrait?: boolean;
}

export interface PostTopic {
  category: PostCategory;
  tags: string[];
  /**
   * Title, content and the picture's caption; the caption is also the image description (alt text). `gallery`
   * adds more pictures to the post (a carousel), each with its caption; `portrait` ones are taller than wide.
   */
  posts: { title: string; content: string; caption: string; gallery?: DemoGalleryPicture[] }[];
}

/** What people write about. Each post is used once; authors pick from their topics in order. */
export const POST_TOPICS: Record<string, PostTopic> = {
  photo: {
    category: "travel",
    tags: ["photography", "mthood"],
    posts: [
      {
        title: "Mt. Hood at first light",
        content: "Up at 4:30 for this one. The alpenglow lasted maybe ninety seconds.",
        caption: "Alpenglow on Mt. Hood",
        gallery: [{ caption: "Summit ridge in pink", isPortrait: true }, { caption: "Trillium Lake at dawn" }],
      },
      {
        title: "Fog in the Gorge",
        content: "Morning fog rolling up the river from Viento. Worth the cold fingers.",
        caption: "Fog over the Columbia",
      },
      {
        title: "Lost Lake reflections",
        content: "Glass-calm water and the mountain upside down. No filter needed.",
        caption: "Lost Lake mirror",
      },
      {
        title: "Orchard rows in gold",
        content: "The Fruit Loop in late afternoon light. Pear trees turning.",
        caption: "Golden orchard rows",
      },
      {
        title: "Night sky over Panorama Point",
        content: "Twenty-second exposure, the valley lights below.",
        caption: "Stars over the valley",
      },
      {
        title: "Kites at the Event Site",
        content: "Shot from the sand bar at 1/2000s. So many colours on a windy day.",
        caption: "Kites over the river",
      },
      {
        title: "Behind the shot: waterfall long exposure",
        content: "Tripod, ND filter, patience. Full settings in the post.",
        caption: "Silky waterfall",
      },
      {
        title: "Favourite frames of the month",
        content: "Ten frames I keep coming back to. Prints available soon.",
        caption: "Contact sheet",
        gallery: [
          { caption: "Frame two: the old barn" },
          { caption: "Multnomah Falls", isPortrait: true },
          { caption: "Frame four: cherry blossoms" },
        ],
      },
      {
        title: "Sunset from the Hood River bridge",
        content: "The river on fire for five minutes.",
        caption: "Sunset on the river",
      },
      {
        title: "First snow on the foothills",
        content: "Dusting down to 3,000 feet this morning.",
        caption: "Snowy foothills",
      },
      {
        title: "Downtown after rain",
        content: "Oak Street reflections, the neon of the cinema sign.",
        caption: "Wet street reflections",
      },
      {
        title: "Editing preset pack: Gorge Autumn",
        content: "The warm preset I use on every fall shot, for subscribers.",
        caption: "Autumn preset",
      },
    ],
  },
  wind: {
    category: "lifestyle",
    tags: ["kiteboarding", "wind"],
    posts: [
      {
        title: "Nuking at the Hatchery",
        content: "30 knots steady, 12m was too much. Who else was out?",
        caption: "Whitecaps at the Hatchery",
      },
      {
        title: "Lesson day recap",
        content: "Three students up and riding by the end of the day. Proud coach.",
        caption: "Students on the water",
      },
      {
        title: "How to self-rescue",
        content: "Step by step, the one skill every kiter needs. Save this.",
        caption: "Self-rescue steps",
      },
      {
        title: "Wind forecast for the weekend",
        content: "Saturday looks light, Sunday cranking from the west after noon.",
        caption: "Wind forecast chart",
      },
      {
        title: "Board check: my quiver",
        content: "Three boards, two kites, one very patient partner.",
        caption: "Boards on the sand",
      },
      {
        title: "Frozen toes session",
        content: "Last warm-ish session before the wetsuit season gets serious.",
        caption: "Cold session",
      },
      {
        title: "Trick tip: the back roll",
        content: "Edge hard, look over the shoulder, commit. Slow motion breakdown.",
        caption: "Back roll sequence",
      },
      {
        title: "Sandbar cleanup",
        content: "Twenty of us picked up four bags of trash. Thanks everyone.",
        caption: "Cleanup crew",
      },
      { title: "Bails of the week", content: "Some days the river wins. Here is proof.", caption: "Wipeout splash" },
      {
        title: "Gear swap this Saturday",
        content: "Bring what you don't ride, leave with what you need.",
        caption: "Gear swap flyer",
      },
    ],
  },
  orchard: {
    category: "food",
    tags: ["fruitloop", "harvest"],
    posts: [
      {
        title: "Pear harvest, day one",
        content: "Bins filling up with d'Anjou. Hands sticky, heart full.",
        caption: "Pear bins",
        gallery: [{ caption: "Ladder in the pear tree", isPortrait: true }, { caption: "Full bins at noon" }],
      },
      {
        title: "Cider pressing weekend",
        content: "First press of the season, sweet and cloudy.",
        caption: "Cider press",
        gallery: [
          { caption: "Apples into the press" },
          { caption: "First jug of cider", isPortrait: true },
          { caption: "Tasting flight" },
        ],
      },
      {
        title: "Grandma's pear tart",
        content: "The recipe I grew up with, butter crust and all.",
        caption: "Pear tart",
      },
      {
        title: "Blossom time memories",
        content: "Looking back at April when the whole valley was white.",
        caption: "Orchard blossoms",
      },
      {
        title: "Which apples for pie?",
        content: "Honeycrisp for eating, Gravenstein for pie. Fight me.",
        caption: "Apple varieties",
      },
      {
        title: "Farm stand is open",
        content: "Weekends through October, honesty box on weekdays.",
        caption: "Farm stand",
      },
      {
        title: "Pruning lesson",
        content: "Open centre, remove the water sprouts. Winter work starts now.",
        caption: "Pruned tree",
      },
      {
        title: "Pumpkin patch Saturday",
        content: "Kids, hay bales, hot cider. The valley at its best.",
        caption: "Pumpkin patch",
      },
      {
        title: "Canning marathon",
        content: "Forty jars of pear butter. The kitchen smells like cinnamon.",
        caption: "Jars of pear butter",
      },
      {
        title: "Frost night",
        content: "Up at 2 am running the wind machines. Fingers crossed.",
        caption: "Frosty orchard",
      },
    ],
  },
  running: {
    category: "lifestyle",
    tags: ["trailrunning", "training"],
    posts: [
      {
        title: "Dog Mountain repeats",
        content: "Three times up, 8,700 ft of climbing. Legs are gone.",
        caption: "Dog Mountain trail",
      },
      {
        title: "Week 12 training plan",
        content: "Back-to-back long runs and one speed session. Full plan inside.",
        caption: "Training calendar",
      },
      {
        title: "Sunrise run on the Mosier tunnels",
        content: "Empty trail, golden light, 10 easy miles.",
        caption: "Historic highway trail",
      },
      {
        title: "What I eat on a long run",
        content: "Boiled potatoes, salt, and a peanut butter sandwich. Simple works.",
        caption: "Trail snacks",
      },
      { title: "Race report: Gorge 50k", content: "Fourth place, one fall, zero regrets.", caption: "Finish line" },
      {
        title: "Shoe rotation",
        content: "Road, trail, and the muddy pair that lives in the car.",
        caption: "Running shoes",
      },
      { title: "Saturday group run", content: "Meet at the waterfront at 7, all paces welcome.", caption: "Group run" },
      { title: "Recovery week", content: "Foam roller, yoga, and a lot of naps.", caption: "Recovery gear" },
      {
        title: "Strength routine for runners",
        content: "Twenty minutes, three times a week. Video for subscribers.",
        caption: "Strength routine",
      },
      { title: "Rain running", content: "The Gorge in November. Embrace it.", caption: "Rainy trail" },
    ],
  },
  music: {
    category: "entertainment",
    tags: ["livemusic", "bluegrass"],
    posts: [
      {
        title: "Thursday at the taproom",
        content: "Playing 7 to 10 at the brewery. New songs in the second set.",
        caption: "Stage lights",
      },
      {
        title: "New demo: River Road",
        content: "Rough mix of a song about the old highway. Subscribers hear it first.",
        caption: "Waveform",
      },
      { title: "Banjo setup day", content: "New strings, new bridge, same old banjo.", caption: "Banjo on a stand" },
      {
        title: "Open mic recap",
        content: "Fourteen performers, one kazoo solo, zero complaints.",
        caption: "Open mic crowd",
      },
      {
        title: "Busking at the farmers market",
        content: "Thanks for the tips and the pears.",
        caption: "Busking corner",
      },
      {
        title: "Songwriting Sunday",
        content: "Working on a chorus that won't leave my head.",
        caption: "Notebook and guitar",
      },
      {
        title: "Live session: Cascade Waltz",
        content: "Full take recorded in the barn. Pay-per-view for the full audio.",
        caption: "Barn session",
      },
      {
        title: "Gig calendar",
        content: "Six shows this month across the Gorge. See you there.",
        caption: "Gig calendar",
      },
      {
        title: "Fiddle friends",
        content: "Jam night with the old-timers. They play circles around me.",
        caption: "Jam circle",
      },
      { title: "Studio day", content: "Tracking vocals for the EP. Coffee count: five.", caption: "Studio microphone" },
    ],
  },
  food: {
    category: "food",
    tags: ["localfood", "recipes"],
    posts: [
      {
        title: "Farmers market haul",
        content: "Chanterelles, delicata squash, and the last tomatoes.",
        caption: "Market haul",
      },
      {
        title: "Supper club: harvest menu",
        content: "Five courses, twelve guests, one long table in the orchard.",
        caption: "Long table dinner",
      },
      {
        title: "Chanterelle toast",
        content: "Butter, garlic, thyme, sourdough. That's it.",
        caption: "Mushroom toast",
      },
      {
        title: "Squash soup for rainy days",
        content: "Roasted delicata, coconut milk, a little curry.",
        caption: "Squash soup",
      },
      { title: "Sunday bread", content: "Third attempt at a rye loaf. Getting there.", caption: "Rye loaf" },
      { title: "Taco crawl results", content: "Ranked five taco trucks so you don't have to.", caption: "Taco lineup" },
      {
        title: "Full recipe: pear and blue cheese salad",
        content: "Full recipe with the dressing ratios for subscribers.",
        caption: "Pear salad",
      },
      {
        title: "Knife skills class",
        content: "Teaching a small group how to dice an onion without tears.",
        caption: "Chopping board",
      },
      {
        title: "Huckleberry season",
        content: "Found a secret patch on the mountain. Not telling where.",
        caption: "Huckleberries",
      },
      { title: "Dumpling night", content: "Folded 200 dumplings with friends. Freezer is full.", caption: "Dumplings" },
    ],
  },
  art: {
    category: "community",
    tags: ["mural", "art"],
    posts: [
      {
        title: "New mural on 4th Street",
        content: "Six weeks of work, finally done. Salmon run in blues and golds.",
        caption: "Salmon mural",
      },
      {
        title: "Sketchbook: Oak Street",
        content: "Ink studies of the storefronts before the mural project.",
        caption: "Ink sketches",
      },
      {
        title: "Mural process timelapse",
        content: "From chalk outline to final varnish. Full video for subscribers.",
        caption: "Mural in progress",
      },
      {
        title: "Paint the alley day",
        content: "Community paint day Saturday, bring old clothes.",
        caption: "Alley paint day",
      },
      { title: "Colour study", content: "Testing palettes for the library wall.", caption: "Colour swatches" },
      {
        title: "Kids' workshop",
        content: "Twenty little artists painted the school fence. Masterpieces all.",
        caption: "Kids painting",
      },
      {
        title: "Scaffolding life",
        content: "Eight metres up with a roller and a podcast.",
        caption: "On the scaffold",
      },
      {
        title: "Original sketch for sale",
        content: "The first sketch of the salmon mural, signed.",
        caption: "Signed sketch",
      },
      {
        title: "Wall prep",
        content: "Pressure wash, primer, grid. The boring part that matters.",
        caption: "Primed wall",
      },
      {
        title: "Gallery night",
        content: "Showing small works at the arts center this Friday.",
        caption: "Gallery wall",
      },
    ],
  },
  wellness: {
    category: "lifestyle",
    tags: ["yoga", "mobility"],
    posts: [
      {
        title: "Sunrise flow on the waterfront",
        content: "Free class Saturday at 8. Bring a mat and a layer.",
        caption: "Yoga at sunrise",
      },
      {
        title: "Hips for windsurfers",
        content: "Ten minutes after every session. Your lower back will thank you.",
        caption: "Hip stretch",
      },
      {
        title: "Breathing before the big ride",
        content: "Box breathing, four counts each. Try it on the beach.",
        caption: "Breathing guide",
      },
      {
        title: "Full mobility class",
        content: "Forty-five minutes recorded in the loft, for subscribers.",
        caption: "Mobility class",
      },
      { title: "Rest is training", content: "A gentle reminder from your yoga teacher.", caption: "Rest day" },
      {
        title: "Shoulder care for paddlers",
        content: "Three moves to keep the shoulders happy.",
        caption: "Shoulder moves",
      },
      { title: "Yin night", content: "Candles, long holds, rain on the roof.", caption: "Candlelit studio" },
      {
        title: "Retreat announcement",
        content: "A weekend in the mountains in spring. Details soon.",
        caption: "Retreat poster",
      },
      { title: "Morning routine", content: "Tea, five sun salutations, no phone until 8.", caption: "Morning tea" },
      {
        title: "Balance challenge",
        content: "Tree pose on a paddleboard. Went swimming.",
        caption: "Paddleboard yoga",
      },
    ],
  },
  outdoors: {
    category: "travel",
    tags: ["hiking", "gorge"],
    posts: [
      {
        title: "Larches turning on the mountain",
        content: "Gold everywhere above 5,000 ft this week.",
        caption: "Golden larches",
      },
      { title: "Waterfall loop", content: "Wahclella Falls after the rain, loud and misty.", caption: "Waterfall" },
      {
        title: "Trail conditions update",
        content: "Mud on the lower trail, clear above the bridge.",
        caption: "Muddy trail",
      },
      {
        title: "Picnic at Panorama Point",
        content: "Sandwiches with a view of the whole valley.",
        caption: "Valley view",
      },
      { title: "Camping at Lost Lake", content: "Cold night, warm fire, loons at dawn.", caption: "Campfire" },
      { title: "Bike ride to Mosier", content: "Historic highway, twisty and car-free.", caption: "Historic highway" },
      {
        title: "Snowshoe season soon",
        content: "Waxing the gear, checking the avalanche forecast.",
        caption: "Snowshoes",
      },
      { title: "Dog-friendly hikes", content: "My top five for muddy pups.", caption: "Happy dog" },
    ],
  },
  community: {
    category: "community",
    tags: ["hoodriver", "community"],
    posts: [
      {
        title: "Food drive this weekend",
        content: "Drop cans at the library or the fire station. Thank you, neighbours!",
        caption: "Food drive boxes",
      },
      {
        title: "Lost cat near 9th Street",
        content: "Grey tabby, answers to Pepper. Message me if you see her.",
        caption: "Grey tabby",
      },
      {
        title: "Volunteer trail day",
        content: "We cleared 40 fallen trees on the lower loop. Good people here.",
        caption: "Trail crew",
      },
      {
        title: "Welcome to Plaza, Hood River!",
        content: "Post about your town, check in at your favourite spots, be kind.",
        caption: "Welcome banner",
      },
      {
        title: "School fundraiser",
        content: "Bake sale Friday at the middle school, all proceeds to the library.",
        caption: "Bake sale",
      },
      {
        title: "Street fair photos",
        content: "What a day. Thanks to every vendor and volunteer.",
        caption: "Street fair",
      },
      {
        title: "Book club pick",
        content: "This month: a novel set in the Gorge. Meeting Thursday.",
        caption: "Stack of books",
      },
      { title: "Power outage update", content: "Crews are on it, should be back by evening.", caption: "Utility crew" },
      {
        title: "Neighbourhood potluck",
        content: "Bring a dish, meet the neighbours. Park shelter, 5 pm.",
        caption: "Potluck table",
      },
      { title: "Dog park meetup", content: "Saturday morning, treats provided.", caption: "Dog park" },
    ],
  },
  events: {
    category: "events",
    tags: ["events", "hoodriver"],
    posts: [
      {
        title: "Harvest Fest this weekend",
        content: "Music, cider, pie contest on the waterfront.",
        caption: "Harvest Fest",
      },
      { title: "First Friday art walk", content: "Galleries open late downtown, 5 to 8 pm.", caption: "Art walk" },
      {
        title: "Trivia night results",
        content: "Our team came second. The cheese question got us.",
        caption: "Trivia night",
      },
      {
        title: "Holiday lights parade",
        content: "Floats, tractors, and Santa on a fire truck.",
        caption: "Lights parade",
      },
      {
        title: "Fun run for the hospital",
        content: "5k around the waterfront, costumes encouraged.",
        caption: "Fun run",
      },
      {
        title: "Movie in the park",
        content: "Bring a blanket, the cinema brings the popcorn.",
        caption: "Outdoor movie",
      },
    ],
  },
  business: {
    category: "business",
    tags: ["shoplocal", "hoodriver"],
    posts: [
      {
        title: "New this week at {name}",
        content: "Come see what's new. We can't wait to show you.",
        caption: "{name} storefront",
      },
      {
        title: "Check in for a reward",
        content: "Check in at the counter with the visit code and grab this week's coupon.",
        caption: "Coupon at {name}",
      },
      {
        title: "Meet the team",
        content: "The faces behind {name}. Say hi next time you visit.",
        caption: "The {name} team",
      },
      {
        title: "Thank you, Hood River",
        content: "What a month. Thanks for every visit and every review.",
        caption: "Thank you sign",
      },
      {
        title: "Holiday hours",
        content: "Open every day except Thanksgiving. See you soon.",
        caption: "Holiday hours sign",
      },
    ],
  },
};

/** Comments people leave; picked by the generator. */
export const COMMENT_TEXTS = [
  "Love this!",
  "Wow, stunning.",
  "See you there!",
  "This made my day.",
  "So good. Saving this.",
  "Where exactly is this?",
  "Count me in.",
  "Beautiful shot!",
  "Thanks for sharing, neighbour.",
  "Need to try this ASAP.",
  "Classic Hood River.",
  "Great tip, thank you!",
  "Haha, been there.",
  "Can't wait for the next one.",
  "Incredible work.",
  "Miss this already.",
];

export const TIP_MESSAGES = [
  "Thanks for the great content!",
  "Coffee's on me.",
  "Loved the last post.",
  "Keep it up!",
  "For the next adventure.",
  "",
];

/** Conversations: two usernames and the lines they exchange (first speaker first, then alternating). */
export const DEMO_CONVERSATIONS: { between: [string, string]; lines: string[] }[] = [
  {
    between: ["jess_h", "maya_shoots"],
    lines: [
      "Hi Maya! Your Lost Lake photo is on my fridge now.",
      "That makes me so happy! Thank you for subscribing.",
      "Do you ever do photo walks for beginners?",
      "Yes, planning one for next Saturday morning. I'll post details.",
      "Perfect, I'll bring my old camera.",
    ],
  },
  {
    between: ["jess_h", "ground_up_coffee"],
    lines: [
      "Is the patio open when it rains?",
      "We have heaters and a cover, dogs welcome too.",
      "Great, see you tomorrow!",
      "See you! Ask for the seasonal maple latte.",
    ],
  },
  {
    between: ["kitesurf_kai", "nina_p"],
    lines: [
      "Saw you at the Hatchery yesterday, nice jumps!",
      "Thanks! Still working on the landings.",
      "Come to a lesson, I'll show you the trick to soft landings.",
      "Deal. Is Tuesday good?",
      "Tuesday after 3, wind should be perfect.",
      "Booked!",
    ],
  },
  {
    between: ["tom_baker", "pine_street_bakery"],
    lines: ["Any chance of the marionberry scones this weekend?", "Saturday morning, I'll save you two."],
  },
  {
    between: ["ravi_n", "trailrunner_jo"],
    lines: [
      "Training for my first 50k, any advice?",
      "Time on feet beats mileage. And practice eating while running.",
      "Noted. Your strength routine has helped already.",
      "Glad to hear it. Join the Saturday group run!",
    ],
  },
  {
    between: ["sara_d", "pho_gorge"],
    lines: ["Do you have a vegetarian pho?", "Yes, mushroom broth, just as slow-cooked.", "Amazing, coming tonight."],
  },
  {
    between: ["town_admin", "muralist_theo"],
    lines: [
      "Hi Theo, the city wants to feature your mural in the newsletter. OK to link your profile?",
      "Of course, thank you!",
    ],
  },
  {
    between: ["emma_w", "chef_priya"],
    lines: [
      "Your squash soup saved my exam week.",
      "Haha, soup is the best study food.",
      "Any seats left for the next supper club?",
      "Two left, I'll send you the details.",
    ],
  },
  {
    between: ["dave_r", "gorge_games_lanes"],
    lines: ["Can we book two lanes for a kids' party on Saturday?", "Yes! Lanes 3 and 4 from 2 pm are yours."],
  },
  {
    between: ["zoe_k", "hazel_b"],
    lines: [
      "Are you at the market this weekend?",
      "Yes, with new mugs!",
      "Save me a blue one please.",
      "Already set aside.",
    ],
  },
  {
    between: ["liam_o", "kitesurf_kai"],
    lines: ["Any spare harness for sale?", "Check the gear swap Saturday, I'll bring one."],
  },
  {
    between: ["maya_shoots", "orchard_ana"],
    lines: [
      "Can I shoot your orchard at sunset next week?",
      "Please do! Thursday the light hits the pears just right.",
      "Thursday it is.",
    ],
  },
];

/** The time zone of the town's businesses (Hood River, Oregon). */
export const DEMO_TIME_ZONE = "America/Los_Angeles";

type Day = { open: string; close: string } | null;
const every = (open: string, close: string): Day[] => Array.from({ length: 7 }, () => ({ open, close }));
const week = (weekday: Day, saturday: Day, sunday: Day): Day[] => [
  weekday,
  weekday,
  weekday,
  weekday,
  weekday,
  saturday,
  sunday,
];

/** Opening hours of each demo business, Monday first, in DEMO_TIME_ZONE (null: closed that day). */
export const DEMO_BUSINESS_HOURS: Record<string, Day[]> = {
  pine_street_bakery: every("07:00", "15:00"),
  riverside_grill: [
    null,
    { open: "11:30", close: "21:00" },
    { open: "11:30", close: "21:00" },
    { open: "11:30", close: "21:00" },
    { open: "11:30", close: "22:00" },
    { open: "11:00", close: "22:00" },
    { open: "11:00", close: "20:00" },
  ],
  pho_gorge: [
    { open: "11:00", close: "21:00" },
    null,
    { open: "11:00", close: "21:00" },
    { open: "11:00", close: "21:00" },
    { open: "11:00", close: "21:30" },
    { open: "11:00", close: "21:30" },
    { open: "12:00", close: "20:00" },
  ],
  ground_up_coffee: week(
    { open: "06:30", close: "18:00" },
    { open: "07:00", close: "17:00" },
    { open: "07:00", close: "15:00" },
  ),
  bluebird_tea: week(
    { open: "09:00", close: "18:00" },
    { open: "09:00", close: "19:00" },
    { open: "10:00", close: "17:00" },
  ),
  trailhead_roasters: week(
    { open: "06:00", close: "16:00" },
    { open: "07:00", close: "16:00" },
    { open: "07:00", close: "14:00" },
  ),
  gorge_outfitters: week(
    { open: "09:00", close: "19:00" },
    { open: "08:00", close: "19:00" },
    { open: "09:00", close: "17:00" },
  ),
  paper_and_pine: week(
    { open: "10:00", close: "18:00" },
    { open: "10:00", close: "19:00" },
    { open: "11:00", close: "17:00" },
  ),
  summit_climbing: week(
    { open: "06:00", close: "22:00" },
    { open: "08:00", close: "20:00" },
    { open: "08:00", close: "20:00" },
  ),
  river_yoga_loft: week(
    { open: "06:30", close: "20:30" },
    { open: "08:00", close: "13:00" },
    { open: "09:00", close: "12:00" },
  ),
  cascade_cuts: week({ open: "09:00", close: "18:00" }, { open: "09:00", close: "16:00" }, null),
  willow_spa: [
    null,
    { open: "10:00", close: "19:00" },
    { open: "10:00", close: "19:00" },
    { open: "10:00", close: "19:00" },
    { open: "10:00", close: "20:00" },
    { open: "09:00", close: "20:00" },
    { open: "10:00", close: "17:00" },
  ],
  the_columbia_cinema: week(
    { open: "12:00", close: "23:00" },
    { open: "11:00", close: "24:00" },
    { open: "11:00", close: "22:00" },
  ),
  gorge_games_lanes: week(
    { open: "11:00", close: "23:00" },
    { open: "10:00", close: "01:00" },
    { open: "10:00", close: "22:00" },
  ),
  bike_fix_hood_river: week({ open: "09:00", close: "17:30" }, { open: "10:00", close: "16:00" }, null),
};

/** How owners answer reviews: `{name}` is the reviewer's first name. */
export const DEMO_OWNER_REPLIES = [
  "Thank you, {name}! So glad you enjoyed your visit. See you again soon.",
  "Thanks for the kind words, {name}. We passed them on to the whole team!",
  "{name}, this made our day. Come say hi next time you're in.",
  "Thanks for stopping by, {name}. We're working on making the wait shorter, promise.",
  "Appreciate you, {name}! Next time ask about this week's special.",
] as const;

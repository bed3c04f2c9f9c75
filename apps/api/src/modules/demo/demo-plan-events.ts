import { createEventBody, type EventCategory, wallClockParts } from "@plaza/contracts/events";
import { createEvent } from "../events/events.service";
import { acceptCoHosting } from "../events/invitations.service";
import { answerRsvp } from "../events/rsvp.service";
import { offsetMinutes } from "../events/time-zones";
import { postImageSvg } from "./demo-images";
import { DAY_MS, type DemoTownSeeder, HOUR_MS, MINUTE_MS, positionAt } from "./demo-seeder";
import { DEMO_PEOPLE, DEMO_SEED, DEMO_TIME_ZONE } from "./demo-town";
import { Random } from "./random";

/**
 * The demo town's events (CONTRACT.md "Fourth round" → "Events": at least eight over the next two weeks, one
 * weekly, one nearly full and one with a waitlist), at its businesses and at addresses, answered by its people.
 * Paid events are planned with tickets.
 */

/** When an event is, on the town's clock: `days` after today (or the next `weekday`, 0 = Sunday), at hh:mm. */
type DemoEventDay = { days: number } | { weekday: number };

interface DemoEvent {
  host: string;
  title: string;
  description: string;
  category: EventCategory;
  day: DemoEventDay;
  /** Local start, "HH:MM", and length in minutes. */
  start: string;
  minutes: number;
  /** At the host's business, or at an address `offset` metres east and north of the town centre. */
  place: "business" | { name: string; address: string; offset: [number, number] };
  capacity?: number;
  recurrence?: string;
  coHosts?: string[];
  hasCover?: boolean;
  going: string[];
  interested?: string[];
}

export const DEMO_EVENTS: DemoEvent[] = [
  {
    host: "trailrunner_jo",
    title: "Saturday morning group run",
    description: "Five easy miles along the waterfront trail and back. Every pace welcome; coffee after.",
    category: "sports",
    day: { weekday: 6 },
    start: "08:00",
    minutes: 90,
    place: { name: "Waterfront Park", address: "650 N 1st St, Hood River, OR", offset: [150, 900] },
    recurrence: "FREQ=WEEKLY;COUNT=8",
    hasCover: true,
    going: ["carlos_m", "jess_h", "oscar_v", "nina_p", "kitesurf_kai"],
    interested: ["emma_w"],
  },
  {
    host: "ground_up_coffee",
    title: "Latte art throwdown",
    description: "Baristas from around the Gorge pour off; the crowd votes. Gorge Beats spins between rounds.",
    category: "food",
    day: { days: 2 },
    start: "18:30",
    minutes: 150,
    place: "business",
    coHosts: ["gorge_beats"],
    hasCover: true,
    going: ["emma_w", "ravi_n", "jess_h", "sara_d", "will_g", "maya_shoots"],
    interested: ["tom_baker", "aiko_s"],
  },
  {
    host: "paper_and_pine",
    title: "Thursday book club",
    description: "This month: a novel about trees, and the people who listen to them. Tea and cookies provided.",
    category: "community",
    day: { weekday: 4 },
    start: "18:30",
    minutes: 90,
    place: "business",
    capacity: 12,
    going: ["megan_f", "tom_baker", "aiko_s", "hazel_b", "emma_w", "zoe_k", "ravi_n", "pete_l", "sara_d", "jess_h"],
  },
  {
    host: "summit_climbing",
    title: "Bouldering for beginners",
    description: "Two hours on the easy wall with our coaches. Shoes and chalk included; bring water.",
    category: "sports",
    day: { days: 4 },
    start: "18:00",
    minutes: 120,
    place: "business",
    capacity: 8,
    hasCover: true,
    going: ["jess_h", "carlos_m", "nina_p", "liam_o", "emma_w", "will_g", "sara_d", "oscar_v", "ravi_n", "dave_r"],
  },
  {
    host: "gorge_beats",
    title: "Acoustic evening at the bandstand",
    description: "Local songwriters, one after the other, as the sun goes down over the river. Bring a blanket.",
    category: "music",
    day: { days: 6 },
    start: "19:00",
    minutes: 180,
    place: {
      name: "Overlook Memorial Park bandstand",
      address: "State St & 5th St, Hood River, OR",
      offset: [-200, 300],
    },
    hasCover: true,
    going: ["maya_shoots", "nina_p", "liam_o", "hazel_b", "will_g"],
    interested: ["jess_h", "zoe_k", "pete_l"],
  },
  {
    host: "pine_street_bakery",
    title: "Small business breakfast",
    description: "Owners of the town's shops and cafés meet over pastries: this month, sharing a holiday market.",
    category: "business",
    day: { days: 8 },
    start: "07:30",
    minutes: 90,
    place: "business",
    going: ["ground_up_coffee", "bluebird_tea", "paper_and_pine", "bike_fix_hood_river"],
  },
  {
    host: "the_columbia_cinema",
    title: "Family movie matinee",
    description: "An animated classic on the big screen, with the lights half up for the little ones.",
    category: "family",
    day: { days: 9 },
    start: "14:00",
    minutes: 120,
    place: "business",
    going: ["dave_r", "zoe_k"],
    interested: ["hazel_b"],
  },
  {
    host: "chef_priya",
    title: "Orchard harvest supper",
    description: "A long table between the pear trees: five courses from this week's harvest, cooked over fire.",
    category: "food",
    day: { days: 11 },
    start: "17:30",
    minutes: 210,
    place: { name: "Sunny Slope Orchard", address: "3900 Old Dalles Dr, Hood River, OR", offset: [2600, -1400] },
    capacity: 40,
    coHosts: ["orchard_ana"],
    hasCover: true,
    going: ["tom_baker", "aiko_s", "will_g", "jess_h"],
    interested: ["megan_f", "ravi_n"],
  },
  {
    host: "bike_fix_hood_river",
    title: "Bike repair clinic",
    description: "Learn to fix a flat, adjust brakes and index gears. Bring your bike; we bring the tools.",
    category: "community",
    day: { days: 12 },
    start: "10:00",
    minutes: 120,
    place: "business",
    going: ["jess_h", "dave_r", "liam_o"],
  },
  {
    host: "gorge_games_lanes",
    title: "Trivia night at the lanes",
    description: "Teams of up to six, five rounds, one very competitive bowling round. Prizes from the bar.",
    category: "other",
    day: { days: 5 },
    start: "20:00",
    minutes: 120,
    place: "business",
    going: ["ravi_n", "oscar_v", "will_g", "pete_l"],
  },
];

/** The instant the town's clock reads `hh:mm` on the day `day` names (in the town's zone, daylight saving included). */
export function townInstant(end: number, day: DemoEventDay, start: string): Date {
  const today = wallClockParts(new Date(end), DEMO_TIME_ZONE);
  const [year, month, date] = [Number(today.year), Number(today.month) - 1, Number(today.day)];
  const weekdayToday = new Date(Date.UTC(year, month, date)).getUTCDay();
  const days = "days" in day ? day.days : (day.weekday - weekdayToday + 7) % 7 || 7;
  const [hour, minute] = start.split(":").map(Number);
  const wall = Date.UTC(year, month, date + days, hour ?? 0, minute ?? 0);
  const first = wall - offsetMinutes(new Date(wall), DEMO_TIME_ZONE) * MINUTE_MS;
  return new Date(wall - offsetMinutes(new Date(first), DEMO_TIME_ZONE) * MINUTE_MS);
}

function colorsOf(username: string): [string, string] {
  return DEMO_PEOPLE.find((person) => person.username === username)?.colors ?? ["#264653", "#2a9d8f"];
}

/** Each event is announced a few days to a week before now; co-hosts accept and people answer in the days after. */
export function planEvents(seeder: DemoTownSeeder): void {
  // Its own draws, so the rest of the town stays what it was.
  const random = new Random(DEMO_SEED + 40_009);
  const eventIds = new Map<number, string>();
  DEMO_EVENTS.forEach((planned, index) => {
    const createdAt = seeder.end - random.int(4, 8) * DAY_MS - random.int(1, 10) * HOUR_MS;
    seeder.schedule(createdAt, ["notifications", "uploads"], async () => {
      const host = seeder.user(planned.host);
      const coverUrl = planned.hasCover
        ? await seeder.upload(
            host.id,
            postImageSvg(new Random(DEMO_SEED + 40_100 + index), colorsOf(planned.host), planned.title),
          )
        : null;
      const startsAt = townInstant(seeder.end, planned.day, planned.start);
      const businessId = seeder.businessIds.get(planned.host);
      const place =
        planned.place === "business"
          ? { businessId }
          : { name: planned.place.name, address: planned.place.address, ...positionAt(planned.place.offset) };
      const event = await createEvent(
        seeder.context,
        host,
        createEventBody.parse({
          title: planned.title,
          description: planned.description,
          startsAt: startsAt.toISOString(),
          endsAt: new Date(startsAt.getTime() + planned.minutes * MINUTE_MS).toISOString(),
          timeZone: DEMO_TIME_ZONE,
          place,
          category: planned.category,
          coverUrl,
          capacity: planned.capacity ?? null,
          recurrence: planned.recurrence ?? null,
          coHostIds: (planned.coHosts ?? []).map((username) => seeder.user(username).id),
        }),
      );
      eventIds.set(index, event.id);
      seeder.counts.events += 1;
    });
    let at = createdAt + random.int(1, 6) * HOUR_MS;
    for (const coHost of planned.coHosts ?? []) {
      seeder.schedule(at, [], async () => {
        await acceptCoHosting(seeder.context, seeder.user(coHost), eventIds.get(index) ?? "");
      });
    }
    const answers = [
      ...planned.going.map((username) => [username, "going"] as const),
      ...(planned.interested ?? []).map((username) => [username, "interested"] as const),
    ];
    for (const [username, status] of answers) {
      at += random.int(20, 600) * MINUTE_MS;
      seeder.schedule(at, ["notifications"], async () => {
        await answerRsvp(seeder.context, seeder.user(username), eventIds.get(index) ?? "", { status });
        seeder.counts.rsvps += 1;
      });
    }
  });
}

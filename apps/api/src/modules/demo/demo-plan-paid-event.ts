import { createEventBody } from "@plaza/contracts/events";
import { createEvent } from "../events/events.service";
import { buyTicket } from "../payments/event-tickets.service";
import { DAY_MS, type DemoTownSeeder, HOUR_MS } from "./demo-seeder";
import { DEMO_PEOPLE } from "./demo-town";

/**
 * The demo town's paid event (CONTRACT.md "Fourth round" → "Events": "one with paid tickets at a business"): the
 * cinema's owner hosts a screening there next week, announced four days ago; a few regulars bought tickets since,
 * paid through the built-in provider like the town's other payments (seed-demo.ts `withBuiltInPayments`).
 */
export function planPaidEvent(seeder: DemoTownSeeder): void {
  const owner = "the_columbia_cinema";
  const announcedAt = seeder.daytime(4, 3.5);
  let eventId: string | null = null;
  seeder.schedule(announcedAt, ["notifications"], async () => {
    const businessId = seeder.businessIds.get(owner);
    if (!businessId) throw new Error(`demo town: no business of ${owner}`);
    // Next week's Friday-ish evening, 19:30 on the town's clock (America/Los_Angeles).
    const day = new Date(seeder.end + 6 * DAY_MS).toISOString().slice(0, 10);
    const startsAt = new Date(`${day}T19:30:00-07:00`);
    const body = createEventBody.parse({
      title: "Classic film night: Casablanca",
      description:
        "A 35mm print of Casablanca on the big screen, with an introduction by our projectionist. Popcorn included.",
      startsAt: startsAt.toISOString(),
      endsAt: new Date(startsAt.getTime() + 2.5 * HOUR_MS).toISOString(),
      place: { businessId },
      category: "arts",
      capacity: 80,
      price: 12,
    });
    eventId = (await createEvent(seeder.context, seeder.user(owner), body)).id;
  });
  const buyers = DEMO_PEOPLE.filter((person) => person.role === "regular").slice(0, 6);
  buyers.forEach((buyer, index) => {
    seeder.schedule(
      seeder.daytime(3 - index * 0.4, 2.8 - index * 0.4),
      ["notifications", "ledger_accounts"],
      async () => {
        if (!eventId) return;
        await buyTicket(
          seeder.context,
          seeder.user(buyer.username),
          eventId,
          { paymentMethod: "card", cardLast4: "4242" },
          null,
        );
      },
    );
  });
}

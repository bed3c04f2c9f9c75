import { describe, expect, it } from "vitest";
import { OneAtATime } from "./one-at-a-time";

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("OneAtATime", () => {
  it("runs the work of one key one at a time, in the order asked, and other keys beside it", async () => {
    const line = new OneAtATime();
    let running = 0;
    let most = 0;
    const order: string[] = [];
    const work = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      order.push(name);
      running -= 1;
      return name;
    };
    const answers = await Promise.all(["a1", "a2", "a3"].map((name) => line.run("a", work(name))));
    expect(answers).toEqual(["a1", "a2", "a3"]);
    expect(order).toEqual(["a1", "a2", "a3"]);
    expect(most).toBe(1);
    running = 0;
    most = 0;
    await Promise.all([line.run("a", work("x")), line.run("b", work("y"))]);
    expect(most).toBe(2);
  });

  it("goes on after a failed work, answering its failure to its caller only, and keeps nothing once idle", async () => {
    const line = new OneAtATime();
    const failed = line.run("a", async () => {
      throw new Error("no seat");
    });
    const next = line.run("a", async () => "seat");
    await expect(failed).rejects.toThrow("no seat");
    await expect(next).resolves.toBe("seat");
    await tick();
    expect(line.size).toBe(0);
  });
});

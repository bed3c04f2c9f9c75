import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { FriendActivityList } from "@/features/businesses/components/friend-activity";

const ACTIVITY_PAGE_SIZE = 50;

/** /activity: all recent check-ins and reviews of the people the viewer follows. */
export default function ActivityRoute() {
  return (
    <div className="mx-auto max-w-2xl">
      <Card>
        <CardHeader>
          <CardTitle>Friend Activity</CardTitle>
        </CardHeader>
        <CardContent>
          <FriendActivityList limit={ACTIVITY_PAGE_SIZE} />
        </CardContent>
      </Card>
    </div>
  );
}

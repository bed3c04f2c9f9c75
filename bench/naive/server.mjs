// Scenario (e): the feed the way generated apps often write it, kept only as a baseline to compare with.
// Express 5, OFFSET paging, a count(*) of likes and of comments per post, one query per author and per
// "liked by me", the session and user read in separate queries. Same JSON shape as GET /api/posts/feed.
import { createHash } from "node:crypto";
import express from "express";
import pg from "pg";

const [url, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const app = express();

/** @param {string | undefined} header */
function sessionToken(header) {
  for (const part of (header ?? "").split(";")) {
    const [name, ...value] = part.trim().split("=");
    if (name === "plaza_session") return decodeURIComponent(value.join("="));
  }
  return null;
}

app.get("/healthz", (_request, response) => {
  response.json({ status: "ok" });
});

app.get("/api/posts/feed", async (request, response) => {
  const token = sessionToken(request.headers.cookie);
  if (!token) return response.status(401).json({ message: "Not signed in" });
  const sessionId = createHash("sha256").update(token).digest("hex");
  const session = (await pool.query("select * from sessions where id = $1", [sessionId])).rows[0];
  if (!session) return response.status(401).json({ message: "Not signed in" });
  const viewer = (await pool.query("select * from users where id = $1", [session.user_id])).rows[0];
  const following = (await pool.query("select following_id from follows where follower_id = $1", [viewer.id])).rows;
  const authorIds = [viewer.id, ...following.map((row) => row.following_id)];
  const page = Math.max(1, Number(request.query.page ?? 1));
  const posts = (
    await pool.query("select * from posts where author_id = any($1) order by created_at desc limit 20 offset $2", [
      authorIds,
      (page - 1) * 20,
    ])
  ).rows;
  const views = [];
  for (const post of posts) {
    const author = (await pool.query("select * from users where id = $1", [post.author_id])).rows[0];
    const likes = (await pool.query("select count(*) from likes where post_id = $1", [post.id])).rows[0];
    const comments = (await pool.query("select count(*) from comments where post_id = $1", [post.id])).rows[0];
    const liked = (await pool.query("select * from likes where post_id = $1 and user_id = $2", [post.id, viewer.id]))
      .rows;
    const name = [author.first_name, author.last_name].filter(Boolean).join(" ") || author.username;
    views.push({
      id: post.id,
      authorId: post.author_id,
      authorName: name,
      author: {
        id: author.id,
        username: author.username,
        firstName: author.first_name,
        lastName: author.last_name,
        profileImageUrl: author.profile_image_url,
        profileType: author.profile_type,
        isVerified: author.is_verified,
      },
      title: post.title,
      content: post.content,
      createdAt: post.created_at,
      postType: post.post_type,
      mediaUrls: post.media_urls,
      tags: post.tags,
      city: post.city,
      likeCount: Number(likes.count),
      commentCount: Number(comments.count),
      isLiked: liked.length > 0,
    });
  }
  response.json(views);
});

app.listen(Number(port), "127.0.0.1");

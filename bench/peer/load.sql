-- The bench dataset as the Bluesky AppView's data plane stores it: one INSERT … SELECT per table from Plaza's tables
-- (public schema) into the AppView's own (schema "bsky", made by its own migrations), in the same database.
-- Identifiers are derived from our ids, so the same dataset always gives the same records:
--   DID    did:plc: + 24 base32 characters of md5(user id);   handle  <username>.bench.plaza.test
--   rkey   13 base32 characters of md5(row id);               CID     a well-formed CIDv1 (dag-cbor, sha256) whose
--          "digest" is md5 material (nothing verifies record bytes against CIDs on the read path).
-- Statements are separated by lines that start with "-- step:"; each runs on its own (peer/index.mjs times them).

-- step: helpers
create function pg_temp.b32(hex text) returns text language sql immutable parallel safe as
$$ select translate(hex, '0189', 'wxyz') $$;
create function pg_temp.did(id uuid) returns text language sql immutable parallel safe as
$$ select 'did:plc:' || pg_temp.b32(left(md5(id::text), 24)) $$;
create function pg_temp.rkey(id uuid) returns text language sql immutable parallel safe as
$$ select translate(left(md5(id::text), 1), '0123456789abcdef', '234567abcdefghij') || pg_temp.b32(substr(md5(id::text), 2, 12)) $$;
create function pg_temp.cid(seed text) returns text language sql immutable parallel safe as
$$ select 'bafyrei' || translate(left(md5(seed), 1), '0123456789abcdef', 'abcdefghabcdefgh')
  || pg_temp.b32(left(md5(seed || ':1') || md5(seed || ':2'), 50)) || 'a' $$;
create function pg_temp.iso(t timestamptz) returns text language sql immutable parallel safe as
$$ select to_char(t at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') $$;
create table pg_temp.dids as select id, pg_temp.did(id) as did from public.users;
create unique index on pg_temp.dids (id);
analyze pg_temp.dids;

-- step: actors
insert into bsky.actor (did, handle, "indexedAt")
select d.did, u.username || '.bench.plaza.test', pg_temp.iso(u.created_at)
from public.users u join pg_temp.dids d on d.id = u.id;

-- step: profiles
-- The profile record (what getActors reads), its row in "profile", and the maintained counters.
insert into bsky.record (uri, cid, did, json, "indexedAt")
select 'at://' || d.did || '/app.bsky.actor.profile/self', pg_temp.cid('profile:' || u.id), d.did,
  json_build_object('$type', 'app.bsky.actor.profile', 'displayName', u.first_name || ' ' || u.last_name,
    'description', u.bio, 'createdAt', pg_temp.iso(u.created_at))::text,
  pg_temp.iso(u.created_at)
from public.users u join pg_temp.dids d on d.id = u.id;
insert into bsky.profile (uri, cid, creator, "displayName", description, "indexedAt", "createdAt")
select 'at://' || d.did || '/app.bsky.actor.profile/self', pg_temp.cid('profile:' || u.id), d.did,
  u.first_name || ' ' || u.last_name, u.bio, pg_temp.iso(u.created_at), pg_temp.iso(u.created_at)
from public.users u join pg_temp.dids d on d.id = u.id;
insert into bsky.profile_agg (did, "followersCount", "followsCount", "postsCount")
select d.did, u.followers_count, u.following_count, u.posts_count
from public.users u join pg_temp.dids d on d.id = u.id;

-- step: follows
insert into bsky.follow (uri, cid, creator, "subjectDid", "createdAt", "indexedAt")
select 'at://' || a.did || '/app.bsky.graph.follow/' || pg_temp.rkey(b.id),
  pg_temp.cid('follow:' || f.follower_id || f.following_id), a.did, b.did,
  pg_temp.iso(f.created_at), pg_temp.iso(f.created_at)
from public.follows f join pg_temp.dids a on a.id = f.follower_id join pg_temp.dids b on b.id = f.following_id;

-- step: posts
-- The post record carries the title and text, tags, and an images embed for posts with media (one blob CID per
-- picture, {{IMAGE_CIDS}} is a text[] of real CIDs made by peer/index.mjs).
create table pg_temp.p as
select p.id, 'at://' || d.did || '/app.bsky.feed.post/' || pg_temp.rkey(p.id) as uri, pg_temp.cid('post:' || p.id) as cid,
  d.did, coalesce(p.title || E'\n\n', '') || p.content as text, p.tags, p.media_urls, pg_temp.iso(p.created_at) as at,
  p.like_count, p.comment_count
from public.posts p join pg_temp.dids d on d.id = p.author_id;
insert into bsky.record (uri, cid, did, json, "indexedAt")
select uri, cid, did,
  json_strip_nulls(json_build_object('$type', 'app.bsky.feed.post', 'text', text, 'createdAt', at, 'langs',
    json_build_array('en'), 'tags', case when cardinality(tags) > 0 then to_json(tags) end, 'embed',
    case when cardinality(media_urls) > 0 then json_build_object('$type', 'app.bsky.embed.images', 'images',
      (select json_agg(json_build_object('alt', '', 'image', json_build_object('$type', 'blob', 'ref',
        json_build_object('$link', ({{IMAGE_CIDS}}::text[])[1 + abs(hashtext(m)) % cardinality({{IMAGE_CIDS}}::text[])]),
        'mimeType', 'image/jpeg', 'size', 200000)))
       from unnest(media_urls) as m)) end))::text,
  at
from pg_temp.p;
insert into bsky.post (uri, cid, creator, text, "createdAt", "indexedAt", langs, tags)
select uri, cid, did, text, at, at, '["en"]'::jsonb, case when cardinality(tags) > 0 then to_jsonb(tags) end
from pg_temp.p;
insert into bsky.post_agg (uri, "likeCount", "replyCount")
select uri, like_count, comment_count from pg_temp.p;
insert into bsky.feed_item (uri, cid, type, "postUri", "originatorDid", "sortAt")
select uri, cid, 'post', uri, did, at from pg_temp.p;

-- step: viewer likes
-- The viewers' own likes (the "viewer.like" of each post they see). Other accounts' likes only count, and the
-- counts are in post_agg: their rows are not loaded.
insert into bsky."like" (uri, cid, creator, subject, "subjectCid", "createdAt", "indexedAt")
select 'at://' || d.did || '/app.bsky.feed.like/' || pg_temp.rkey(md5(l.user_id::text || l.post_id)::uuid),
  pg_temp.cid('like:' || l.user_id || l.post_id), d.did, p.uri, p.cid,
  pg_temp.iso(l.created_at), pg_temp.iso(l.created_at)
from public.likes l
join public.users u on u.id = l.user_id and u.username = any({{VIEWER_USERNAMES}}::text[])
join pg_temp.dids d on d.id = l.user_id
join pg_temp.p p on p.id = l.post_id;

-- step: analyze
analyze bsky.actor, bsky.record, bsky.profile, bsky.profile_agg, bsky.follow, bsky.post, bsky.post_agg,
  bsky.feed_item, bsky."like";

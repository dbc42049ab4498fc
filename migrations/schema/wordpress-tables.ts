/**
 * The WordPress 6.3 core tables and the Tour Master 5.1.1 tables, exactly as they stand on a site
 * (the `SHOW CREATE TABLE` text of a real install on MariaDB, with prefix, charset and collation
 * as parameters). Migrations create only the tables that are missing; on SQLite the same text is
 * translated by server/data/sqlite-ddl.ts.
 *
 * `tourmaster_room_booking` is absent on purpose: the plugin's own DDL for it lacks a comma and
 * fails on a fresh install (schema.md §1.3), and nothing we serve reads it.
 */
export interface TableOptions {
  prefix: string;
  charset: string;
  collate: string;
}

export function wordpressTables({ prefix: p, charset, collate }: TableOptions): Record<string, string> {
  return {
    commentmeta: `CREATE TABLE \`${p}commentmeta\` (
  \`meta_id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`comment_id\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`meta_key\` varchar(255) DEFAULT NULL,
  \`meta_value\` longtext DEFAULT NULL,
  PRIMARY KEY (\`meta_id\`),
  KEY \`comment_id\` (\`comment_id\`),
  KEY \`meta_key\` (\`meta_key\`(191))
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    comments: `CREATE TABLE \`${p}comments\` (
  \`comment_ID\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`comment_post_ID\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`comment_author\` tinytext NOT NULL,
  \`comment_author_email\` varchar(100) NOT NULL DEFAULT '',
  \`comment_author_url\` varchar(200) NOT NULL DEFAULT '',
  \`comment_author_IP\` varchar(100) NOT NULL DEFAULT '',
  \`comment_date\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`comment_date_gmt\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`comment_content\` text NOT NULL,
  \`comment_karma\` int(11) NOT NULL DEFAULT 0,
  \`comment_approved\` varchar(20) NOT NULL DEFAULT '1',
  \`comment_agent\` varchar(255) NOT NULL DEFAULT '',
  \`comment_type\` varchar(20) NOT NULL DEFAULT 'comment',
  \`comment_parent\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`user_id\` bigint(20) unsigned NOT NULL DEFAULT 0,
  PRIMARY KEY (\`comment_ID\`),
  KEY \`comment_post_ID\` (\`comment_post_ID\`),
  KEY \`comment_approved_date_gmt\` (\`comment_approved\`,\`comment_date_gmt\`),
  KEY \`comment_date_gmt\` (\`comment_date_gmt\`),
  KEY \`comment_parent\` (\`comment_parent\`),
  KEY \`comment_author_email\` (\`comment_author_email\`(10))
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    links: `CREATE TABLE \`${p}links\` (
  \`link_id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`link_url\` varchar(255) NOT NULL DEFAULT '',
  \`link_name\` varchar(255) NOT NULL DEFAULT '',
  \`link_image\` varchar(255) NOT NULL DEFAULT '',
  \`link_target\` varchar(25) NOT NULL DEFAULT '',
  \`link_description\` varchar(255) NOT NULL DEFAULT '',
  \`link_visible\` varchar(20) NOT NULL DEFAULT 'Y',
  \`link_owner\` bigint(20) unsigned NOT NULL DEFAULT 1,
  \`link_rating\` int(11) NOT NULL DEFAULT 0,
  \`link_updated\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`link_rel\` varchar(255) NOT NULL DEFAULT '',
  \`link_notes\` mediumtext NOT NULL,
  \`link_rss\` varchar(255) NOT NULL DEFAULT '',
  PRIMARY KEY (\`link_id\`),
  KEY \`link_visible\` (\`link_visible\`)
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    options: `CREATE TABLE \`${p}options\` (
  \`option_id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`option_name\` varchar(191) NOT NULL DEFAULT '',
  \`option_value\` longtext NOT NULL,
  \`autoload\` varchar(20) NOT NULL DEFAULT 'yes',
  PRIMARY KEY (\`option_id\`),
  UNIQUE KEY \`option_name\` (\`option_name\`),
  KEY \`autoload\` (\`autoload\`)
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    postmeta: `CREATE TABLE \`${p}postmeta\` (
  \`meta_id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`post_id\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`meta_key\` varchar(255) DEFAULT NULL,
  \`meta_value\` longtext DEFAULT NULL,
  PRIMARY KEY (\`meta_id\`),
  KEY \`post_id\` (\`post_id\`),
  KEY \`meta_key\` (\`meta_key\`(191))
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    posts: `CREATE TABLE \`${p}posts\` (
  \`ID\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`post_author\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`post_date\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`post_date_gmt\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`post_content\` longtext NOT NULL,
  \`post_title\` text NOT NULL,
  \`post_excerpt\` text NOT NULL,
  \`post_status\` varchar(20) NOT NULL DEFAULT 'publish',
  \`comment_status\` varchar(20) NOT NULL DEFAULT 'open',
  \`ping_status\` varchar(20) NOT NULL DEFAULT 'open',
  \`post_password\` varchar(255) NOT NULL DEFAULT '',
  \`post_name\` varchar(200) NOT NULL DEFAULT '',
  \`to_ping\` text NOT NULL,
  \`pinged\` text NOT NULL,
  \`post_modified\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`post_modified_gmt\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`post_content_filtered\` longtext NOT NULL,
  \`post_parent\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`guid\` varchar(255) NOT NULL DEFAULT '',
  \`menu_order\` int(11) NOT NULL DEFAULT 0,
  \`post_type\` varchar(20) NOT NULL DEFAULT 'post',
  \`post_mime_type\` varchar(100) NOT NULL DEFAULT '',
  \`comment_count\` bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY (\`ID\`),
  KEY \`post_name\` (\`post_name\`(191)),
  KEY \`type_status_date\` (\`post_type\`,\`post_status\`,\`post_date\`,\`ID\`),
  KEY \`post_parent\` (\`post_parent\`),
  KEY \`post_author\` (\`post_author\`)
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    term_relationships: `CREATE TABLE \`${p}term_relationships\` (
  \`object_id\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`term_taxonomy_id\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`term_order\` int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (\`object_id\`,\`term_taxonomy_id\`),
  KEY \`term_taxonomy_id\` (\`term_taxonomy_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    term_taxonomy: `CREATE TABLE \`${p}term_taxonomy\` (
  \`term_taxonomy_id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`term_id\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`taxonomy\` varchar(32) NOT NULL DEFAULT '',
  \`description\` longtext NOT NULL,
  \`parent\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`count\` bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY (\`term_taxonomy_id\`),
  UNIQUE KEY \`term_id_taxonomy\` (\`term_id\`,\`taxonomy\`),
  KEY \`taxonomy\` (\`taxonomy\`)
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    termmeta: `CREATE TABLE \`${p}termmeta\` (
  \`meta_id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`term_id\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`meta_key\` varchar(255) DEFAULT NULL,
  \`meta_value\` longtext DEFAULT NULL,
  PRIMARY KEY (\`meta_id\`),
  KEY \`term_id\` (\`term_id\`),
  KEY \`meta_key\` (\`meta_key\`(191))
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    terms: `CREATE TABLE \`${p}terms\` (
  \`term_id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`name\` varchar(200) NOT NULL DEFAULT '',
  \`slug\` varchar(200) NOT NULL DEFAULT '',
  \`term_group\` bigint(10) NOT NULL DEFAULT 0,
  PRIMARY KEY (\`term_id\`),
  KEY \`slug\` (\`slug\`(191)),
  KEY \`name\` (\`name\`(191))
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    usermeta: `CREATE TABLE \`${p}usermeta\` (
  \`umeta_id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`user_id\` bigint(20) unsigned NOT NULL DEFAULT 0,
  \`meta_key\` varchar(255) DEFAULT NULL,
  \`meta_value\` longtext DEFAULT NULL,
  PRIMARY KEY (\`umeta_id\`),
  KEY \`user_id\` (\`user_id\`),
  KEY \`meta_key\` (\`meta_key\`(191))
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    users: `CREATE TABLE \`${p}users\` (
  \`ID\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`user_login\` varchar(60) NOT NULL DEFAULT '',
  \`user_pass\` varchar(255) NOT NULL DEFAULT '',
  \`user_nicename\` varchar(50) NOT NULL DEFAULT '',
  \`user_email\` varchar(100) NOT NULL DEFAULT '',
  \`user_url\` varchar(100) NOT NULL DEFAULT '',
  \`user_registered\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`user_activation_key\` varchar(255) NOT NULL DEFAULT '',
  \`user_status\` int(11) NOT NULL DEFAULT 0,
  \`display_name\` varchar(250) NOT NULL DEFAULT '',
  PRIMARY KEY (\`ID\`),
  KEY \`user_login_key\` (\`user_login\`),
  KEY \`user_nicename\` (\`user_nicename\`),
  KEY \`user_email\` (\`user_email\`)
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
  };
}

export function tourmasterTables({ prefix: p, charset, collate }: TableOptions): Record<string, string> {
  return {
    tourmaster_order: `CREATE TABLE \`${p}tourmaster_order\` (
  \`id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`user_id\` bigint(20) unsigned DEFAULT NULL,
  \`booking_date\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`tour_id\` bigint(20) unsigned DEFAULT NULL,
  \`travel_date\` date NOT NULL DEFAULT '0000-00-00',
  \`package_group_slug\` varchar(100) NOT NULL DEFAULT '',
  \`traveller_amount\` tinyint(3) unsigned DEFAULT NULL,
  \`male_amount\` tinyint(3) unsigned DEFAULT NULL,
  \`female_amount\` tinyint(3) unsigned DEFAULT NULL,
  \`contact_info\` longtext DEFAULT NULL,
  \`billing_info\` longtext DEFAULT NULL,
  \`traveller_info\` longtext DEFAULT NULL,
  \`coupon_code\` varchar(50) DEFAULT NULL,
  \`order_status\` varchar(20) DEFAULT NULL,
  \`payment_date\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`total_price\` decimal(19,4) DEFAULT NULL,
  \`pricing_info\` longtext DEFAULT NULL,
  \`payment_info\` longtext DEFAULT NULL,
  \`booking_detail\` longtext DEFAULT NULL,
  \`currency\` longtext DEFAULT NULL,
  \`woocommerce_order_id\` bigint(20) unsigned DEFAULT NULL,
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    tourmaster_review: `CREATE TABLE \`${p}tourmaster_review\` (
  \`review_id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`review_tour_id\` bigint(20) unsigned NOT NULL,
  \`order_id\` bigint(20) unsigned DEFAULT NULL,
  \`review_score\` tinyint(4) DEFAULT NULL,
  \`review_type\` varchar(20) DEFAULT NULL,
  \`review_description\` longtext DEFAULT NULL,
  \`review_date\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`reviewer_name\` varchar(100) DEFAULT NULL,
  \`reviewer_email\` varchar(100) DEFAULT NULL,
  PRIMARY KEY (\`review_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    tourmaster_room_order: `CREATE TABLE \`${p}tourmaster_room_order\` (
  \`id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`user_id\` bigint(20) unsigned DEFAULT NULL,
  \`booking_date\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`booking_data\` longtext DEFAULT NULL,
  \`contact_info\` longtext DEFAULT NULL,
  \`coupon_code\` varchar(50) DEFAULT NULL,
  \`order_status\` varchar(20) DEFAULT NULL,
  \`price_breakdown\` longtext DEFAULT NULL,
  \`total_price\` decimal(19,4) DEFAULT NULL,
  \`woocommerce_order_id\` bigint(20) unsigned DEFAULT NULL,
  \`payment_info\` longtext DEFAULT NULL,
  \`payment_date\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`currency\` longtext DEFAULT NULL,
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    tourmaster_room_review: `CREATE TABLE \`${p}tourmaster_room_review\` (
  \`review_id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`order_id\` bigint(20) unsigned DEFAULT NULL,
  \`review_room_id\` bigint(20) unsigned NOT NULL,
  \`review_score\` tinyint(4) DEFAULT NULL,
  \`review_description\` longtext DEFAULT NULL,
  \`review_date\` datetime NOT NULL DEFAULT '0000-00-00 00:00:00',
  \`reviewer_name\` varchar(100) DEFAULT NULL,
  \`reviewer_email\` varchar(100) DEFAULT NULL,
  PRIMARY KEY (\`review_id\`)
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
    tourmaster_room_settings: `CREATE TABLE \`${p}tourmaster_room_settings\` (
  \`id\` bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  \`room_id\` bigint(20) unsigned DEFAULT NULL,
  \`date_list\` longtext DEFAULT NULL,
  \`min_date\` tinyint(4) DEFAULT NULL,
  \`max_date\` tinyint(4) DEFAULT NULL,
  \`buffer_number\` tinyint(4) DEFAULT NULL,
  \`buffer_day\` varchar(100) DEFAULT NULL,
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=${charset} COLLATE=${collate}`,
  };
}

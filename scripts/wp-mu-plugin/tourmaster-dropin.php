<?php
/**
 * Plugin Name: Tour Master drop-in (front-end scripts)
 * Description: On pages WordPress still renders, replaces the Tour Master plugin's front-end scripts with the drop-in's islands bundle. Delete this file to roll back.
 * Version: 1.0.0
 * Requires PHP: 7.0
 *
 * What it does
 *   The drop-in (this repository) serves its built client under /dropin-assets/. On every front-end
 *   page this must-use plugin removes the Tour Master scripts (tourmaster.js, tour/tourmaster-tour.js,
 *   room/tourmaster-room.js) and loads the drop-in's entry script instead, as an ES module. The page's
 *   markup is left exactly as WordPress prints it: the islands find their places by the plugin's own
 *   classes and `data-ajax-url` attributes, and talk to /wp-admin/admin-ajax.php as before. Styles
 *   are not touched (the theme keeps styling its pages). At the end of the page it prints the cookie
 *   consent island's marker (a "Cookie settings" button, shown once the bundle runs), so these pages
 *   ask for consent as the drop-in's own pages do (filter tourmaster_dropin_cookie_consent: false to
 *   leave consent to another plugin).
 *
 * Install
 *   Copy this file to wp-content/mu-plugins/tourmaster-dropin.php (must-use plugins load by themselves).
 *   Optional settings, in wp-config.php:
 *     define( 'TOURMASTER_DROPIN_URL', 'https://www.example.com/dropin-assets/' );
 *         Where the drop-in serves its client. Default: this site's /dropin-assets/ (the drop-in in
 *         front of WordPress answers that path).
 *     define( 'TOURMASTER_DROPIN_MANIFEST', '/srv/tourmaster-dropin/dist/client/.vite/manifest.json' );
 *         Read the build manifest from this file instead of fetching {URL}.vite/manifest.json.
 *
 * Safety
 *   When the manifest cannot be read (the drop-in is down, not built, the URL is wrong), nothing is
 *   changed: the plugin's own scripts stay, and the manifest is asked for again a minute later.
 *   A readable manifest is kept for five minutes, so a new client build is picked up within that time.
 *
 * Roll back
 *   Delete this file. Nothing else was changed (no option is written except a short-lived transient).
 */

if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

/** The Tour Master script handles the bundle replaces (filter: tourmaster_dropin_replaced_scripts). */
function tourmaster_dropin_replaced_scripts() {
	return (array) apply_filters(
		'tourmaster_dropin_replaced_scripts',
		array( 'tourmaster-script', 'tourmaster-tour-script', 'tourmaster-room-script' )
	);
}

/** Where the drop-in serves its built client, with a trailing slash. */
function tourmaster_dropin_base_url() {
	$url = defined( 'TOURMASTER_DROPIN_URL' ) ? TOURMASTER_DROPIN_URL : home_url( '/dropin-assets/' );
	return trailingslashit( $url );
}

/** The Vite build manifest as an array (empty when it cannot be read). */
function tourmaster_dropin_manifest() {
	$cached = get_transient( 'tourmaster_dropin_manifest' );
	if ( is_array( $cached ) ) {
		return $cached;
	}

	$json = false;
	if ( defined( 'TOURMASTER_DROPIN_MANIFEST' ) ) {
		if ( is_readable( TOURMASTER_DROPIN_MANIFEST ) ) {
			$json = file_get_contents( TOURMASTER_DROPIN_MANIFEST );
		}
	} else {
		$response = wp_remote_get( tourmaster_dropin_base_url() . '.vite/manifest.json', array( 'timeout' => 3 ) );
		if ( ! is_wp_error( $response ) && 200 === (int) wp_remote_retrieve_response_code( $response ) ) {
			$json = wp_remote_retrieve_body( $response );
		}
	}

	$manifest = is_string( $json ) ? json_decode( $json, true ) : null;
	if ( ! is_array( $manifest ) ) {
		set_transient( 'tourmaster_dropin_manifest', array(), MINUTE_IN_SECONDS );
		return array();
	}
	set_transient( 'tourmaster_dropin_manifest', $manifest, 5 * MINUTE_IN_SECONDS );
	return $manifest;
}

/** The URL of the bundle's entry script (client/main.ts), or '' when unknown. */
function tourmaster_dropin_entry_url() {
	$manifest = tourmaster_dropin_manifest();
	if ( empty( $manifest['client/main.ts']['file'] ) || ! is_string( $manifest['client/main.ts']['file'] ) ) {
		return '';
	}
	return tourmaster_dropin_base_url() . ltrim( $manifest['client/main.ts']['file'], '/' );
}

/** After the plugin and theme enqueued theirs (priority 10): swap the plugin's scripts for the bundle. */
function tourmaster_dropin_enqueue() {
	$entry = tourmaster_dropin_entry_url();
	if ( '' === $entry ) {
		return;
	}
	foreach ( tourmaster_dropin_replaced_scripts() as $handle ) {
		wp_dequeue_script( $handle );
		wp_deregister_script( $handle );
	}
	wp_enqueue_script( 'tourmaster-dropin', $entry, array(), null, true );
}
add_action( 'wp_enqueue_scripts', 'tourmaster_dropin_enqueue', 100 );

/** The entry is an ES module: print it as one. */
function tourmaster_dropin_module_tag( $tag, $handle, $src ) {
	if ( 'tourmaster-dropin' !== $handle ) {
		return $tag;
	}
	return '<script type="module" src="' . esc_url( $src ) . '" id="tourmaster-dropin-js"></script>' . "\n";
}
add_filter( 'script_loader_tag', 'tourmaster_dropin_module_tag', 10, 3 );

/**
 * The cookie consent island's marker, as the drop-in's own footer prints it: the banner opens on a
 * first visit and links to the privacy policy page; the button reopens the settings. Hidden until
 * the bundle shows it, so nothing appears where the bundle does not run.
 */
function tourmaster_dropin_cookie_settings() {
	if ( '' === tourmaster_dropin_entry_url() || ! apply_filters( 'tourmaster_dropin_cookie_consent', true ) ) {
		return;
	}
	printf(
		'<p class="tourmaster-dropin-cookie-settings" style="margin:0;padding:12px 0;text-align:center;">' .
		'<button type="button" class="dropin-cookie-settings" data-cookie-consent="" data-privacy-url="%s" hidden>%s</button></p>' . "\n",
		esc_url( get_privacy_policy_url() ),
		esc_html__( 'Cookie settings' )
	);
}
add_action( 'wp_footer', 'tourmaster_dropin_cookie_settings', 20 );

/* UNO Duo's hot path in C: `legal_actions` and the commonest moves of `apply`.
 *
 * The rules live in rules.py and legality.py; this module does exactly what they do for the
 * moves random and real play make most (list the legal moves; play a card that leaves at least
 * one in hand; draw one card; keep a drawn card) and hands everything else to the Python
 * functions it was configured with: a rare move, an illegal one (so Python raises the very
 * refusal), a state or action of another type, an rng that decides its draws itself (a
 * subclass of GameRng). Tests play many seeded games through both paths and compare every
 * state, event and legal list. Everything is checked before the state changes: a move is
 * either applied whole here or left whole to Python.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <string.h>

#define FACES 56
#define WILD 52
#define WILD_DRAW_FOUR 53
#define WILD_SHUFFLE 54
#define WILD_CUSTOM 55
#define DRAW_TWO 10
#define REVERSE 11
#define SKIP 12

/* Bumped whenever what this file does changes; native.py refuses a build of another version. */
#define VERSION 4

static signed char colour_of[FACES], rank_of[FACES];
/* legality.py's MATCHING, _DRAW_TWOS and _OF_COLOUR as a bit per face. */
static unsigned long long matching[4][FACES], draw_twos, of_colour[4];

/* The phases, as state.py's own string objects (configure): compared by identity first. */
enum { P_DRAFT, P_START_COLOUR, P_TURN, P_DRAWN, P_VOLLEY, P_CHALLENGE, P_DUMP_DECIDE, P_DUMPING,
       P_GAME_OVER, P_COUNT };
static PyObject *phases[P_COUNT];

enum { S_PHASE, S_CURRENT, S_HANDS, S_DISCARD, S_DRAW_PILE, S_COLOUR, S_DRAWN, S_DUMP_COLOUR,
       S_UNO_EXPOSED, S_VOLLEY, S_PASSES, S_DECISIONS, S_TIMEOUTS, S_RNG, S_OPTIONS, S_W4_OFFENDER,
       S_DRAFT_CARD, S_DRAFT_DISCARDS, S_DRAFT_KEPT, S_W4_GUILTY, S_COUNT };
static const char *STATE_NAMES[S_COUNT] = {
    "phase", "current", "hands", "discard", "draw_pile", "colour", "drawn", "dump_colour",
    "uno_exposed", "volley", "passes", "decisions", "timeouts", "rng", "options", "w4_offender",
    "draft_card", "draft_discards", "draft_kept", "w4_guilty"};

/* GameRng's generator (a random.Random), for shuffling a refilled pile as Random.shuffle does. */
static const char *RNG_NAMES[1] = {"_random"};
static Py_ssize_t rng_slots[1];
static PyTypeObject *random_type;
static int shuffle_here;  /* set by native.py once `shuffle` gave Random.shuffle's very order */
static Py_ssize_t state_slots[S_COUNT];

enum { E_KIND, E_PUBLIC, E_SECRET, E_AUDIENCE, E_COUNT };
static const char *EVENT_NAMES[E_COUNT] = {"kind", "public", "secret", "audience"};
static Py_ssize_t event_slots[E_COUNT];

enum { A_FACE, A_COLOUR, A_UNO, A_COUNT };
static const char *PLAY_NAMES[A_COUNT] = {"face", "colour", "uno"};
static Py_ssize_t play_slots[A_COUNT];

enum { K_SEAT, K_CARD, K_COLOUR, K_LEFT, K_COUNT_, K_CARDS, K_TOTAL, K_PLAY, K_UNO, K_DRAW,
       K_VOLLEY, K_INTERSECTION, K_DUMP, K_REFILL, K_GETRANDBITS, K_SHUFFLE_ON_REFILL, K_DRAFT, K_KEPT_FIRST,
       K_DISCARDED, K_KEPT, K_CHALLENGE_RULE, K_CHALLENGE, K_GUILTY, K_OFFENDER_HAND, K_KEYS };
static const char *KEY_NAMES[K_KEYS] = {"seat", "card", "colour", "left", "count", "cards", "total",
                                        "play", "uno", "draw", "volley", "intersection", "dump", "refill",
                                        "getrandbits", "shuffle_on_refill", "draft", "kept_first",
                                        "discarded", "kept", "challenge_rule", "challenge", "guilty",
                                        "offender_hand"};
static PyObject *keys[K_KEYS];

/* What native.configure hands over: the classes, the shared action values and tables. */
static PyTypeObject *state_type, *event_type, *play_type, *rng_type;
static PyObject *python_apply, *python_legal_actions;
static PyObject *colour_only;  /* options.CHALLENGE_COLOUR_ONLY */
static PyObject *plays, *plays_uno, *codes, *colour_names, *only, *nobody;
static PyObject *a_draw, *a_keep, *a_pass, *a_say_uno, *a_catch, *a_challenge, *a_accept, *a_dump,
    *a_no_dump, *a_draft_keep, *a_draft_discard, *colour_choices;

static inline PyObject *
slot(PyObject *object, Py_ssize_t offset)
{
    return *(PyObject **)((char *)object + offset);
}

/* Replace a slot's value with a new reference (stolen); returns -1 if `value` is NULL. */
static inline int
set_slot(PyObject *object, Py_ssize_t offset, PyObject *value)
{
    if (value == NULL)
        return -1;
    PyObject **at = (PyObject **)((char *)object + offset);
    PyObject *before = *at;
    *at = value;
    Py_XDECREF(before);
    return 0;
}

static inline int
set_int(PyObject *object, Py_ssize_t offset, long value)
{
    return set_slot(object, offset, PyLong_FromLong(value));
}

static inline int
set_phase(PyObject *state, int phase)
{
    Py_INCREF(phases[phase]);
    return set_slot(state, state_slots[S_PHASE], phases[phase]);
}

/* Python keeps one object for each small int, -1 to 255 among them, in one array: where they lie
 * evenly (checked at import), an int's value is read from its place in that array, without a call. */
#define SMALL_LOW (-1)
#define SMALL_HIGH 255
static uintptr_t small_base, small_stride;  /* the stride a power of two, as 1 << small_shift */
static int small_shift;

/* An exact int in [low, high], into *out; 0 if it is not one (no exception). */
static inline int
small_int(PyObject *value, long low, long high, long *out)
{
    if (value == NULL)
        return 0;
    if (small_stride) {
        uintptr_t offset = (uintptr_t)value - small_base;
        if ((offset & (small_stride - 1)) == 0 && (offset >> small_shift) <= (uintptr_t)(SMALL_HIGH - SMALL_LOW)) {
            long v = (long)(offset >> small_shift) + SMALL_LOW;
            if (v < low || v > high)
                return 0;
            *out = v;
            return 1;
        }
    }
    if (!PyLong_CheckExact(value))
        return 0;
    int overflow;
    long v = PyLong_AsLongAndOverflow(value, &overflow);
    if (overflow || v < low || v > high)
        return 0;
    *out = v;
    return 1;
}

static inline int
state_int(PyObject *state, int name, long low, long high, long *out)
{
    return small_int(slot(state, state_slots[name]), low, high, out);
}

static inline int
phase_of(PyObject *state)
{
    PyObject *phase = slot(state, state_slots[S_PHASE]);
    for (int i = 0; i < P_COUNT; i++)
        if (phase == phases[i])
            return i;
    if (PyUnicode_CheckExact(phase))
        for (int i = 0; i < P_COUNT; i++)
            if (PyUnicode_Compare(phase, phases[i]) == 0)
                return i;
    return -1;  /* not a phase: Python */
}

static inline int
face_matches(long colour, long top, long face)
{
    long top_rank = colour_of[top] >= 0 ? rank_of[top] : -1;
    return colour_of[face] < 0 || colour_of[face] == colour || rank_of[face] == top_rank;
}

/* An Event with the given parts (references stolen from `public`, `secret`), or NULL. */
static PyObject *
event(int kind, PyObject *public, PyObject *secret, PyObject *audience)
{
    if (public == NULL || (secret == NULL && audience != nobody)) {
        Py_XDECREF(public);
        Py_XDECREF(secret);
        return NULL;
    }
    PyObject *made = event_type->tp_alloc(event_type, 0);
    if (made == NULL) {
        Py_DECREF(public);
        Py_XDECREF(secret);
        return NULL;
    }
    Py_INCREF(keys[kind]);
    set_slot(made, event_slots[E_KIND], keys[kind]);
    set_slot(made, event_slots[E_PUBLIC], public);
    if (secret == NULL) {
        Py_INCREF(Py_None);
        secret = Py_None;
    }
    set_slot(made, event_slots[E_SECRET], secret);
    Py_INCREF(audience);
    set_slot(made, event_slots[E_AUDIENCE], audience);
    return made;
}

static int
append_event(PyObject *events, PyObject *made)
{
    if (made == NULL)
        return -1;
    int result = PyList_Append(events, made);
    Py_DECREF(made);
    return result;
}

static PyObject *
seat_dict(long seat)
{
    PyObject *public = PyDict_New();
    PyObject *value = PyLong_FromLong(seat);
    if (public == NULL || value == NULL || PyDict_SetItem(public, keys[K_SEAT], value) < 0) {
        Py_XDECREF(public);
        Py_XDECREF(value);
        return NULL;
    }
    Py_DECREF(value);
    return public;
}

static int
dict_set_long(PyObject *dict, int key, long value)
{
    PyObject *number = PyLong_FromLong(value);
    if (number == NULL)
        return -1;
    int result = PyDict_SetItem(dict, keys[key], number);
    Py_DECREF(number);
    return result;
}

/* The end of every seat's move in rules.apply: a decision taken, a run of timeouts ended. */
static int
finish_move(PyObject *state, long seat)
{
    long decisions;
    PyObject *timeouts = slot(state, state_slots[S_TIMEOUTS]);
    if (!state_int(state, S_DECISIONS, 0, LONG_MAX - 1, &decisions))
        return -2;
    if (set_int(state, state_slots[S_DECISIONS], decisions + 1) < 0)
        return -1;
    PyObject *count = PyList_GET_ITEM(timeouts, seat);
    int truth = PyObject_IsTrue(count);
    if (truth < 0)
        return -1;
    if (truth) {
        PyObject *zero = PyLong_FromLong(0);
        if (zero == NULL)
            return -1;
        PyObject *before = PyList_GET_ITEM(timeouts, seat);
        PyList_SET_ITEM(timeouts, seat, zero);
        Py_DECREF(before);
    }
    return 0;
}

/* Whether the state's slots hold what the fast path reads; otherwise Python handles it. */
static int
plain_state(PyObject *state, long seat, long *current)
{
    if (Py_TYPE(state) != state_type)
        return 0;
    for (int i = 0; i < S_COUNT; i++)
        if (slot(state, state_slots[i]) == NULL)
            return 0;
    PyObject *hands = slot(state, state_slots[S_HANDS]);
    PyObject *timeouts = slot(state, state_slots[S_TIMEOUTS]);
    if (!PyList_CheckExact(hands) || PyList_GET_SIZE(hands) != 2
        || !PyList_CheckExact(PyList_GET_ITEM(hands, 0)) || !PyList_CheckExact(PyList_GET_ITEM(hands, 1))
        || !PyList_CheckExact(slot(state, state_slots[S_DISCARD]))
        || !PyList_CheckExact(slot(state, state_slots[S_DRAW_PILE]))
        || !PyList_CheckExact(timeouts) || PyList_GET_SIZE(timeouts) != 2
        || !PyList_CheckExact(slot(state, state_slots[S_DRAFT_DISCARDS]))
        || !PyList_CheckExact(slot(state, state_slots[S_DRAFT_KEPT])))
        return 0;
    long number;
    (void)seat;
    return state_int(state, S_CURRENT, 0, 1, current) && state_int(state, S_UNO_EXPOSED, -1, 1, &number)
        && state_int(state, S_PASSES, 0, LONG_MAX, &number)
        && state_int(state, S_DECISIONS, 0, LONG_MAX - 1, &number);
}

/* The top of the discard pile and the colour to match, checked. */
static int
pile_top(PyObject *state, long *colour, long *top)
{
    PyObject *discard = slot(state, state_slots[S_DISCARD]);
    Py_ssize_t size = PyList_GET_SIZE(discard);
    return size > 0 && small_int(PyList_GET_ITEM(discard, size - 1), 0, FACES - 1, top)
        && state_int(state, S_COLOUR, 0, 3, colour);
}

static inline int
uno_exposed_ends(PyObject *state, long seat)
{
    long exposed;
    if (!state_int(state, S_UNO_EXPOSED, -1, 1, &exposed))
        return -2;
    return exposed == 1 - seat ? set_int(state, state_slots[S_UNO_EXPOSED], -1) : 0;
}

/* --- legal_actions --------------------------------------------------------------------------- */

static int
all_faces(PyObject *list, Py_ssize_t from)
{
    long card;
    for (Py_ssize_t i = from; i < PyList_GET_SIZE(list); i++)
        if (!small_int(PyList_GET_ITEM(list, i), 0, FACES - 1, &card))
            return 0;
    return 1;
}

/* The order in which a Python set built by adding `count` distinct faces (small ints, whose hash
 * is themselves) in the given order lists them: CPython's open addressing (a table of 8 that grows
 * fourfold past 3/5 full, 9 linear probes where they fit, then the perturbed jump), replayed on a
 * small table. native.py compares it with real sets at import; `set_order_here` says it agreed. */
#define SET_PROBES 9
#define SET_SHIFT 5
static int set_order_here;

static void
set_insert(long *table, size_t mask, long face)
{
    size_t i = (size_t)face & mask, perturb = (size_t)face;
    while (1) {
        size_t probes = i + SET_PROBES <= mask ? SET_PROBES : 0;
        for (size_t j = 0; j <= probes; j++)
            if (table[i + j] < 0) {
                table[i + j] = face;
                return;
            }
        perturb >>= SET_SHIFT;
        i = (i * 5 + 1 + perturb) & mask;
    }
}

static Py_ssize_t
set_order(const long *faces, Py_ssize_t count, long *out)
{
    long table[128], old[128];
    size_t mask = 7, used = 0;
    for (size_t i = 0; i <= mask; i++)
        table[i] = -1;
    for (Py_ssize_t k = 0; k < count; k++) {
        set_insert(table, mask, faces[k]);
        used++;
        if (used * 5 >= mask * 3) {  /* set_table_resize(used * 4): the old table's order, anew */
            size_t size = 8;
            while (size <= used * 4)
                size <<= 1;
            if (size > 128)
                return -1;
            memcpy(old, table, (mask + 1) * sizeof(long));
            size_t old_mask = mask;
            mask = size - 1;
            for (size_t i = 0; i <= mask; i++)
                table[i] = -1;
            for (size_t i = 0; i <= old_mask; i++)
                if (old[i] >= 0)
                    set_insert(table, mask, old[i]);
        }
    }
    Py_ssize_t n = 0;
    for (size_t i = 0; i <= mask; i++)
        if (table[i] >= 0)
            out[n++] = table[i];
    return n;
}

PyDoc_STRVAR(set_order_doc,
"set_order(faces)\n--\n\nThe order of a set built by adding the distinct ints `faces` (0 to 55) in order.");

static PyObject *
set_order_of(PyObject *module, PyObject *faces)
{
    long given[FACES], ordered[FACES];
    if (!PyList_CheckExact(faces) || PyList_GET_SIZE(faces) > FACES) {
        PyErr_SetString(PyExc_TypeError, "set_order takes a list of up to 56 faces");
        return NULL;
    }
    Py_ssize_t count = PyList_GET_SIZE(faces);
    for (Py_ssize_t i = 0; i < count; i++)
        if (!small_int(PyList_GET_ITEM(faces, i), 0, FACES - 1, &given[i])) {
            PyErr_SetString(PyExc_ValueError, "set_order takes faces, 0 to 55");
            return NULL;
        }
    Py_ssize_t n = set_order(given, count, ordered);
    PyObject *result = PyList_New(0);
    for (Py_ssize_t i = 0; result != NULL && i < n; i++) {
        PyObject *number = PyLong_FromLong(ordered[i]);
        if (number == NULL || PyList_Append(result, number) < 0)
            Py_CLEAR(result);
        Py_XDECREF(number);
    }
    return result;
}

/* Into `ordered`, the distinct faces of the hand that are in `allowed` (a bit per face), in the
 * order in which legality.py lists their plays: that of Python's frozenset.intersection(hand), a set
 * built by adding the hand's matching cards in hand order. Their count; -1 if the hand holds
 * something that is not a face (then Python lists the moves), -2 with an exception. */
static Py_ssize_t
playable_faces(PyObject *hand, unsigned long long allowed, long *ordered)
{
    long distinct[FACES], card;
    unsigned long long seen = 0;
    Py_ssize_t count = 0;
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(hand); i++) {
        if (!small_int(PyList_GET_ITEM(hand, i), 0, FACES - 1, &card))
            return -1;
        if (((allowed >> card) & 1) && !((seen >> card) & 1)) {
            seen |= 1ULL << card;
            distinct[count++] = card;
        }
    }
    if (count < 2) {
        if (count)
            ordered[0] = distinct[0];
        return count;
    }
    if (set_order_here && set_order(distinct, count, ordered) == count)
        return count;
    /* A Python whose sets order otherwise (see native.py): build the very set and read it. */
    PyObject *faces = PySet_New(NULL), *face, *iterator = NULL;
    Py_ssize_t n = 0;
    for (Py_ssize_t i = 0; faces != NULL && i < PyList_GET_SIZE(hand); i++) {
        PyObject *item = PyList_GET_ITEM(hand, i);
        small_int(item, 0, FACES - 1, &card);
        if (((allowed >> card) & 1) && PySet_Add(faces, item) < 0)
            Py_CLEAR(faces);
    }
    if (faces == NULL || (iterator = PyObject_GetIter(faces)) == NULL) {
        Py_XDECREF(faces);
        return -2;
    }
    while ((face = PyIter_Next(iterator)) != NULL && n < count) {
        small_int(face, 0, FACES - 1, &ordered[n++]);
        Py_DECREF(face);
    }
    Py_XDECREF(face);
    Py_DECREF(iterator);
    Py_DECREF(faces);
    return PyErr_Occurred() ? -2 : n;
}

static PyObject *
pair(PyObject *first, PyObject *second)
{
    PyObject *list = PyList_New(2);
    if (list == NULL)
        return NULL;
    Py_INCREF(first);
    Py_INCREF(second);
    PyList_SET_ITEM(list, 0, first);
    PyList_SET_ITEM(list, 1, second);
    return list;
}

PyDoc_STRVAR(legal_actions_doc,
"legal_actions(state, seat)\n--\n\nlegality.legal_actions, in C.");

static PyObject *
legal_actions(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || python_legal_actions == NULL)
        goto python;
    PyObject *state = args[0];
    long seat, current, colour, top, exposed;
    if (!small_int(args[1], 0, 1, &seat) || !plain_state(state, seat, &current)
        || !state_int(state, S_UNO_EXPOSED, -1, 1, &exposed))
        goto python;
    int phase = phase_of(state);
    if (phase < 0)
        goto python;
    if (phase == P_GAME_OVER)
        return PyList_New(0);
    PyObject *hands = slot(state, state_slots[S_HANDS]);
    PyObject *hand = PyList_GET_ITEM(hands, seat);
    PyObject *table = PyList_GET_SIZE(hand) == 2 ? plays_uno : plays;
    PyObject *moves, *extra = NULL;
    long value;
    if (seat != current)
        moves = PyList_New(0);
    else if (phase == P_TURN || phase == P_VOLLEY || phase == P_DUMPING) {
        unsigned long long allowed = 0;
        if (phase == P_TURN) {
            if (!pile_top(state, &colour, &top))
                goto python;
            allowed = matching[colour][top];
        }
        else if (phase == P_VOLLEY)
            allowed = draw_twos;
        else if (state_int(state, S_DUMP_COLOUR, 0, 3, &value))
            allowed = of_colour[value];
        else
            goto python;
        long ordered[FACES];
        Py_ssize_t faces = playable_faces(hand, allowed, ordered), count = 0;
        if (faces == -1)
            goto python;
        if (faces == -2)
            return NULL;
        for (Py_ssize_t i = 0; i < faces; i++)
            count += PyTuple_GET_SIZE(PyTuple_GET_ITEM(table, ordered[i]));
        if (phase == P_VOLLEY)
            extra = a_draw;
        else if (phase == P_TURN) {
            if (PyList_GET_SIZE(slot(state, state_slots[S_DRAW_PILE])) > 0
                || PyList_GET_SIZE(slot(state, state_slots[S_DISCARD])) > 1)
                extra = a_draw;
            else if (count == 0)
                extra = a_pass;  /* NOTES 13: nothing to draw and nothing to play */
        }
        PyObject *called = exposed == seat ? a_say_uno
            : exposed >= 0 && PyList_GET_SIZE(PyList_GET_ITEM(hands, exposed)) == 1 ? a_catch : NULL;
        /* the list made at its final size: the plays, then a draw or pass, then a call */
        if ((moves = PyList_New(count + (extra != NULL) + (called != NULL))) == NULL)
            return NULL;
        Py_ssize_t at = 0;
        for (Py_ssize_t i = 0; i < faces; i++) {
            PyObject *some = PyTuple_GET_ITEM(table, ordered[i]);
            for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(some); j++) {
                Py_INCREF(PyTuple_GET_ITEM(some, j));
                PyList_SET_ITEM(moves, at++, PyTuple_GET_ITEM(some, j));
            }
        }
        if (extra != NULL) {
            Py_INCREF(extra);
            PyList_SET_ITEM(moves, at++, extra);
        }
        if (called != NULL) {
            Py_INCREF(called);
            PyList_SET_ITEM(moves, at++, called);
        }
        return moves;
    }
    else if (phase == P_DRAWN) {
        if (!state_int(state, S_DRAWN, 0, FACES - 1, &value))
            goto python;
        moves = PySequence_List(PyTuple_GET_ITEM(table, value));
        extra = a_keep;
    }
    else if (phase == P_CHALLENGE)
        moves = pair(a_challenge, a_accept);
    else if (phase == P_DUMP_DECIDE)
        moves = pair(a_dump, a_no_dump);
    else if (phase == P_START_COLOUR)
        moves = PySequence_List(colour_choices);
    else  /* P_DRAFT */
        moves = pair(a_draft_keep, a_draft_discard);
    if (moves == NULL)
        return NULL;
    if (extra != NULL && PyList_Append(moves, extra) < 0)
        goto error;
    if (exposed == seat) {
        if (PyList_Append(moves, a_say_uno) < 0)
            goto error;
    }
    else if (exposed >= 0 && PyList_GET_SIZE(PyList_GET_ITEM(hands, exposed)) == 1) {
        if (PyList_Append(moves, a_catch) < 0)
            goto error;
    }
    return moves;
error:
    Py_DECREF(moves);
    return NULL;
python:
    if (python_legal_actions == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "duoplay.games.uno_duo._native is not configured");
        return NULL;
    }
    return PyObject_Vectorcall(python_legal_actions, args, nargs, NULL);
}

/* --- apply ------------------------------------------------------------------------------------ */

static int
pass_turn_to(PyObject *state, long seat)
{
    return set_phase(state, P_TURN) < 0 || set_int(state, state_slots[S_CURRENT], seat) < 0 ? -1 : 0;
}

static int
volley_event(PyObject *events, long volley)
{
    PyObject *total = PyDict_New();
    if (total == NULL || dict_set_long(total, K_TOTAL, volley) < 0) {
        Py_XDECREF(total);
        return -1;
    }
    return append_event(events, event(K_VOLLEY, total, NULL, nobody));
}

/* rules._lay_down: the card at `at` in `seat`'s hand goes on the pile, setting colour `chosen`. */
static int
lay_down(PyObject *state, long seat, long face, long chosen, int uno, PyObject *hand, Py_ssize_t at,
         PyObject *events)
{
    PyObject *card = PyList_GET_ITEM(hand, at);
    Py_INCREF(card);
    if (PyList_SetSlice(hand, at, at + 1, NULL) < 0
        || PyList_Append(slot(state, state_slots[S_DISCARD]), card) < 0) {
        Py_DECREF(card);
        return -1;
    }
    Py_DECREF(card);
    Py_ssize_t left = PyList_GET_SIZE(hand);
    if (set_int(state, state_slots[S_COLOUR], chosen) < 0 || set_int(state, state_slots[S_DRAWN], -1) < 0)
        return -1;
    PyObject *public = seat_dict(seat);
    if (public == NULL
        || PyDict_SetItem(public, keys[K_CARD], PyTuple_GET_ITEM(codes, face)) < 0
        || PyDict_SetItem(public, keys[K_COLOUR], PyTuple_GET_ITEM(colour_names, chosen)) < 0
        || dict_set_long(public, K_LEFT, left) < 0) {
        Py_XDECREF(public);
        return -1;
    }
    if (append_event(events, event(K_PLAY, public, NULL, nobody)) < 0)
        return -1;
    if (left == 1) {
        if (uno)
            return append_event(events, event(K_UNO, seat_dict(seat), NULL, nobody));
        return set_int(state, state_slots[S_UNO_EXPOSED], seat);
    }
    return 0;
}

/* Whether `seat`'s hand (checked to hold only faces) holds a card of `colour`. */
static int
holds_colour(PyObject *hand, long colour)
{
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(hand); i++) {
        long card = 0;
        small_int(PyList_GET_ITEM(hand, i), 0, FACES - 1, &card);
        if (colour_of[card] == colour)
            return 1;
    }
    return 0;
}

/* rules._play for a card that leaves at least one in hand and is not a Wild Shuffle Hands (phases
 * TURN, DRAWN and VOLLEY). The caller has checked all of it. */
static int
play(PyObject *state, long seat, long face, long chosen, int uno, PyObject *hand, Py_ssize_t at,
     PyObject *events)
{
    long opponent = 1 - seat, volley = 0, colour = 0;
    int guilty = 0;
    if (face == WILD_DRAW_FOUR && phase_of(state) == P_TURN) {
        /* _could_play_other: another card the player could have played (NOTES 5) */
        PyObject *rule = PyObject_GetAttr(slot(state, state_slots[S_OPTIONS]), keys[K_CHALLENGE_RULE]);
        int only_colour = rule == NULL ? -1 : PyObject_RichCompareBool(rule, colour_only, Py_EQ);
        Py_XDECREF(rule);
        long top = 0;
        if (only_colour < 0)
            return -1;
        pile_top(state, &colour, &top);  /* checked by plain_play */
        for (Py_ssize_t i = 0; i < PyList_GET_SIZE(hand) && !guilty; i++) {
            long card = 0;
            small_int(PyList_GET_ITEM(hand, i), 0, FACES - 1, &card);
            if (card != WILD_DRAW_FOUR)
                guilty = only_colour ? colour_of[card] == colour : (int)((matching[colour][top] >> card) & 1);
        }
    }
    if (lay_down(state, seat, face, chosen, uno, hand, at, events) < 0)
        return -1;
    if (face == WILD_DRAW_FOUR) {
        PyObject *verdict = guilty ? Py_True : Py_False;
        Py_INCREF(verdict);
        return set_phase(state, P_CHALLENGE) < 0 || set_int(state, state_slots[S_CURRENT], opponent) < 0
            || set_int(state, state_slots[S_W4_OFFENDER], seat) < 0
            || set_slot(state, state_slots[S_W4_GUILTY], verdict) < 0 ? -1 : 0;
    }
    int rank = rank_of[face];
    if (rank < DRAW_TWO || face == WILD || face == WILD_CUSTOM)
        return pass_turn_to(state, opponent);
    if (rank == DRAW_TWO) {
        state_int(state, S_VOLLEY, 0, LONG_MAX - 2, &volley);  /* checked by plain_state */
        volley += 2;
        if (set_int(state, state_slots[S_VOLLEY], volley) < 0 || set_phase(state, P_VOLLEY) < 0
            || set_int(state, state_slots[S_CURRENT], opponent) < 0)
            return -1;
        return volley_event(events, volley);
    }
    if (rank == SKIP)
        return pass_turn_to(state, seat);  /* Skip: the player goes again */
    if (holds_colour(hand, chosen))  /* Reverse: dump the rest of its colour, if the player holds any */
        return set_phase(state, P_DUMP_DECIDE) < 0 || set_int(state, state_slots[S_DUMP_COLOUR], chosen) < 0
            ? -1 : 0;
    return pass_turn_to(state, opponent);
}

/* rules._dump_card for a card that leaves at least one in hand. */
static int
dump_card(PyObject *state, long seat, long face, long chosen, int uno, PyObject *hand, Py_ssize_t at,
          PyObject *events)
{
    long dump_colour = 0;
    state_int(state, S_DUMP_COLOUR, 0, 3, &dump_colour);  /* checked by plain_play */
    if (lay_down(state, seat, face, chosen, uno, hand, at, events) < 0)
        return -1;
    if (holds_colour(hand, dump_colour))
        return 0;
    if (set_int(state, state_slots[S_DUMP_COLOUR], -1) < 0)
        return -1;
    int rank = rank_of[face];
    if (rank == DRAW_TWO) {
        if (set_int(state, state_slots[S_VOLLEY], 2) < 0 || set_phase(state, P_VOLLEY) < 0
            || set_int(state, state_slots[S_CURRENT], 1 - seat) < 0)
            return -1;
        return volley_event(events, 2);
    }
    return pass_turn_to(state, rank == SKIP ? seat : 1 - seat);
}

/* 1 if `action` is a Play this file applies (its face, colour, uno flag and place in the hand
 * read into the pointers), 0 if Python must: rules.play_is_legal, and no round ends. */
static int
plain_play(PyObject *state, int phase, long seat, PyObject *action, long *face, long *chosen, int *uno,
           Py_ssize_t *at)
{
    PyObject *hand = PyList_GET_ITEM(slot(state, state_slots[S_HANDS]), seat);
    PyObject *uno_object = slot(action, play_slots[A_UNO]);
    if (!small_int(slot(action, play_slots[A_FACE]), 0, FACES - 1, face)
        || !small_int(slot(action, play_slots[A_COLOUR]), 0, 3, chosen)
        || (uno_object != Py_True && uno_object != Py_False))
        return 0;
    *uno = uno_object == Py_True;
    Py_ssize_t size = PyList_GET_SIZE(hand);
    if (colour_of[*face] >= 0 && colour_of[*face] != *chosen)
        return 0;
    if (*face == WILD_SHUFFLE || size < 2)
        return 0;  /* the rarest card, and a last card ending the round */
    *uno = *uno && size == 2;  /* NOTES 9: saying UNO early does nothing */
    *at = -1;
    for (Py_ssize_t i = 0; i < size; i++) {
        long card;
        if (!small_int(PyList_GET_ITEM(hand, i), 0, FACES - 1, &card))
            return 0;
        if (card == *face && *at < 0)
            *at = i;
    }
    if (*at < 0)
        return 0;
    long value, top;
    switch (phase) {
    case P_TURN:
        return pile_top(state, &value, &top) && face_matches(value, top, *face);
    case P_DRAWN:
        return state_int(state, S_DRAWN, 0, FACES - 1, &value) && value == *face;
    case P_VOLLEY:
        return rank_of[*face] == DRAW_TWO && colour_of[*face] >= 0;
    case P_DUMPING:
        return state_int(state, S_DUMP_COLOUR, 0, 3, &value) && colour_of[*face] == value;
    default:
        return 0;
    }
}

/* random.Random._randbelow (getrandbits of n's bit length until below n), into *out. */
static int
randbelow(PyObject *random, unsigned long n, unsigned long *out)
{
    int k = 0;
    for (unsigned long rest = n; rest; rest >>= 1)
        k++;
    PyObject *bits = PyLong_FromLong(k);
    if (bits == NULL)
        return -1;
    while (1) {
        PyObject *call[2] = {random, bits};
        PyObject *drawn = PyObject_VectorcallMethod(keys[K_GETRANDBITS], call,
                                                    2 | PY_VECTORCALL_ARGUMENTS_OFFSET, NULL);
        if (drawn == NULL) {
            Py_DECREF(bits);
            return -1;
        }
        unsigned long value = PyLong_AsUnsignedLong(drawn);
        Py_DECREF(drawn);
        if (value == (unsigned long)-1 && PyErr_Occurred()) {
            Py_DECREF(bits);
            return -1;
        }
        if (value < n) {
            Py_DECREF(bits);
            *out = value;
            return 0;
        }
    }
}

/* random.Random.shuffle, item for item: from the last place down, swap with a place below it. */
static int
shuffle_list(PyObject *random, PyObject *list)
{
    for (Py_ssize_t i = PyList_GET_SIZE(list) - 1; i > 0; i--) {
        unsigned long j;
        if (randbelow(random, (unsigned long)i + 1, &j) < 0)
            return -1;
        PyObject **items = ((PyListObject *)list)->ob_item;
        PyObject *swap = items[i];
        items[i] = items[j];
        items[j] = swap;
    }
    return 0;
}

PyDoc_STRVAR(shuffle_doc,
"shuffle(random, items)\n--\n\nShuffle the list `items` with the random.Random `random`, as its own shuffle\n"
"does (native.py checks that they agree before the rules use it).");

static PyObject *
shuffle(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 2 || !PyList_CheckExact(args[1])) {
        PyErr_SetString(PyExc_TypeError, "shuffle(random, items) takes a list");
        return NULL;
    }
    if (shuffle_list(args[0], args[1]) < 0)
        return NULL;
    Py_RETURN_NONE;
}

/* rules._refill: the discards but the top become the draw pile, shuffled or turned over. */
static int
refill(PyObject *state, PyObject *events)
{
    PyObject *discard = slot(state, state_slots[S_DISCARD]);
    Py_ssize_t size = PyList_GET_SIZE(discard);
    if (size <= 1)
        return 0;
    PyObject *rest = PyList_GetSlice(discard, 0, size - 1);
    if (rest == NULL || set_slot(state, state_slots[S_DISCARD], PyList_GetSlice(discard, size - 1, size)) < 0) {
        Py_XDECREF(rest);
        return -1;
    }
    PyObject *shuffled = PyObject_GetAttr(slot(state, state_slots[S_OPTIONS]), keys[K_SHUFFLE_ON_REFILL]);
    int truth = shuffled == NULL ? -1 : PyObject_IsTrue(shuffled);
    Py_XDECREF(shuffled);
    if (truth < 0 || (truth ? shuffle_list(slot(slot(state, state_slots[S_RNG]), rng_slots[0]), rest)
                            : PyList_Reverse(rest)) < 0) {
        Py_DECREF(rest);
        return -1;
    }
    Py_ssize_t count = PyList_GET_SIZE(rest);
    if (set_slot(state, state_slots[S_DRAW_PILE], rest) < 0)
        return -1;
    PyObject *public = PyDict_New();
    if (public == NULL || dict_set_long(public, K_COUNT_, count) < 0) {
        Py_XDECREF(public);
        return -1;
    }
    return append_event(events, event(K_REFILL, public, NULL, nobody));
}

/* rules._draw: `count` cards from the top of the pile (GameRng.take pops it), refilling it from
 * the discards when it runs out; the number drawn (the first into *first), or -1. */
static Py_ssize_t
draw(PyObject *state, long seat, Py_ssize_t count, PyObject *events, long *first)
{
    PyObject *hand = PyList_GET_ITEM(slot(state, state_slots[S_HANDS]), seat);
    PyObject *drawn = PyList_New(0);
    if (drawn == NULL)
        return -1;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *pile = slot(state, state_slots[S_DRAW_PILE]);
        if (PyList_GET_SIZE(pile) == 0) {
            if (refill(state, events) < 0)
                goto error;
            pile = slot(state, state_slots[S_DRAW_PILE]);
            if (PyList_GET_SIZE(pile) == 0)
                break;
        }
        Py_ssize_t size = PyList_GET_SIZE(pile);
        if (PyList_Append(drawn, PyList_GET_ITEM(pile, size - 1)) < 0
            || PyList_SetSlice(pile, size - 1, size, NULL) < 0)
            goto error;
    }
    Py_ssize_t taken = PyList_GET_SIZE(drawn);
    PyObject *shown = PyList_New(taken);
    if (shown == NULL)
        goto error;
    for (Py_ssize_t i = 0; i < taken; i++) {
        long card = 0;
        small_int(PyList_GET_ITEM(drawn, i), 0, FACES - 1, &card);  /* checked by the caller */
        if (i == 0)
            *first = card;
        PyObject *code = PyTuple_GET_ITEM(codes, card);
        Py_INCREF(code);
        PyList_SET_ITEM(shown, i, code);
    }
    Py_ssize_t end = PyList_GET_SIZE(hand);
    int extended = PyList_SetSlice(hand, end, end, drawn);
    Py_DECREF(drawn);
    drawn = NULL;
    long exposed = -1;
    state_int(state, S_UNO_EXPOSED, -1, 1, &exposed);
    PyObject *public = extended < 0 ? NULL : seat_dict(seat), *secret = PyDict_New();
    if (public == NULL || secret == NULL || dict_set_long(public, K_COUNT_, taken) < 0
        || PyDict_SetItem(secret, keys[K_CARDS], shown) < 0
        || (exposed == seat && PyList_GET_SIZE(hand) != 1 && set_int(state, state_slots[S_UNO_EXPOSED], -1) < 0)) {
        Py_XDECREF(public);
        Py_XDECREF(secret);
        Py_DECREF(shown);
        return -1;
    }
    Py_DECREF(shown);
    return append_event(events, event(K_DRAW, public, secret, PyTuple_GET_ITEM(only, seat))) < 0 ? -1 : taken;
error:
    Py_XDECREF(drawn);
    return -1;
}

/* Whether this file may draw `count` cards: every card it could take is a face, taken by a plain
 * GameRng, and a refill (if one is needed) shuffles here as Python would. */
static int
can_take(PyObject *state, Py_ssize_t count)
{
    PyObject *pile = slot(state, state_slots[S_DRAW_PILE]);
    Py_ssize_t size = PyList_GET_SIZE(pile);
    PyObject *rng = slot(state, state_slots[S_RNG]);
    if (Py_TYPE(rng) != rng_type || count < 1)
        return 0;
    if (size >= count)
        return all_faces(pile, size - count);
    PyObject *random = slot(rng, rng_slots[0]);
    return shuffle_here && random != NULL && Py_TYPE(random) == random_type
        && all_faces(pile, 0) && all_faces(slot(state, state_slots[S_DISCARD]), 0);
}

/* rules._answer_wild_draw_four, challenged: the offender shows the challenger their hand; guilty,
 * the offender draws 4 and the challenger plays; innocent, the challenger draws 6 (NOTES 6). */
static int
challenge(PyObject *state, long seat, long offender, PyObject *events)
{
    int guilty = slot(state, state_slots[S_W4_GUILTY]) == Py_True;
    PyObject *hand = PyList_GET_ITEM(slot(state, state_slots[S_HANDS]), offender);
    PyObject *shown = PyList_New(PyList_GET_SIZE(hand));
    if (shown == NULL || set_int(state, state_slots[S_W4_OFFENDER], -1) < 0) {
        Py_XDECREF(shown);
        return -1;
    }
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(hand); i++) {
        long card = 0;
        small_int(PyList_GET_ITEM(hand, i), 0, FACES - 1, &card);
        PyObject *code = PyTuple_GET_ITEM(codes, card);
        Py_INCREF(code);
        PyList_SET_ITEM(shown, i, code);
    }
    PyObject *public = seat_dict(seat), *secret = PyDict_New();
    PyObject *audience = PyFrozenSet_New(NULL), *who = PyLong_FromLong(seat);
    if (PyList_Sort(shown) < 0 || public == NULL || secret == NULL || audience == NULL || who == NULL
        || PySet_Add(audience, who) < 0
        || PyDict_SetItem(public, keys[K_GUILTY], guilty ? Py_True : Py_False) < 0
        || PyDict_SetItem(secret, keys[K_OFFENDER_HAND], shown) < 0) {
        Py_DECREF(shown);
        Py_XDECREF(public);
        Py_XDECREF(secret);
        Py_XDECREF(audience);
        Py_XDECREF(who);
        return -1;
    }
    Py_DECREF(shown);
    Py_DECREF(who);
    int result = append_event(events, event(K_CHALLENGE, public, secret, audience));
    Py_DECREF(audience);
    long card;
    if (result < 0 || draw(state, guilty ? offender : seat, guilty ? 4 : 6, events, &card) < 0)
        return -1;
    return pass_turn_to(state, guilty ? seat : offender);
}

#define HAND_SIZE 7

/* Whether a draft pick can be made here: two cards on the pile (the next one looked at and the one
 * after), and the draft goes on after it (its end turns up the start card: Python). */
static int
plain_draft(PyObject *state, long seat)
{
    PyObject *hands = slot(state, state_slots[S_HANDS]);
    PyObject *pile = slot(state, state_slots[S_DRAW_PILE]);
    long card;
    return Py_TYPE(slot(state, state_slots[S_RNG])) == rng_type && PyList_GET_SIZE(pile) >= 2
        && all_faces(pile, PyList_GET_SIZE(pile) - 2) && state_int(state, S_DRAFT_CARD, 0, FACES - 1, &card)
        && (PyList_GET_SIZE(PyList_GET_ITEM(hands, 1 - seat)) < HAND_SIZE
            || PyList_GET_SIZE(PyList_GET_ITEM(hands, seat)) + 1 < HAND_SIZE);
}

/* rules._draft: keep the card looked at and look at the next, or discard it and keep the next. */
static int
draft(PyObject *state, long seat, int keep, PyObject *events)
{
    PyObject *hands = slot(state, state_slots[S_HANDS]);
    PyObject *pile = slot(state, state_slots[S_DRAW_PILE]);
    PyObject *looked_at = slot(state, state_slots[S_DRAFT_CARD]);
    Py_ssize_t size = PyList_GET_SIZE(pile);
    PyObject *following = PyList_GET_ITEM(pile, size - 1);
    PyObject *kept = keep ? looked_at : following, *discarded = keep ? following : looked_at;
    long kept_face = 0, discarded_face = 0;
    small_int(kept, 0, FACES - 1, &kept_face);
    small_int(discarded, 0, FACES - 1, &discarded_face);
    PyObject *public = seat_dict(seat), *secret = PyDict_New();
    if (public == NULL || secret == NULL
        || PyDict_SetItem(public, keys[K_KEPT_FIRST], keep ? Py_True : Py_False) < 0
        || PyDict_SetItem(public, keys[K_DISCARDED], PyTuple_GET_ITEM(codes, discarded_face)) < 0
        || PyDict_SetItem(secret, keys[K_KEPT], PyTuple_GET_ITEM(codes, kept_face)) < 0
        || PyList_Append(PyList_GET_ITEM(hands, seat), kept) < 0
        || PyList_Append(slot(state, state_slots[S_DRAFT_DISCARDS]), discarded) < 0
        || PyList_Append(slot(state, state_slots[S_DRAFT_KEPT]), keep ? Py_True : Py_False) < 0
        || PyList_SetSlice(pile, size - 1, size, NULL) < 0) {
        Py_XDECREF(public);
        Py_XDECREF(secret);
        return -1;
    }
    if (append_event(events, event(K_DRAFT, public, secret, PyTuple_GET_ITEM(only, seat))) < 0)
        return -1;
    /* NOTES 3: picks alternate, Player 1 first, until both hold seven. */
    if (PyList_GET_SIZE(PyList_GET_ITEM(hands, 1 - seat)) < HAND_SIZE
        && set_int(state, state_slots[S_CURRENT], 1 - seat) < 0)
        return -1;
    size = PyList_GET_SIZE(pile);
    PyObject *next = PyList_GET_ITEM(pile, size - 1);
    Py_INCREF(next);
    return PyList_SetSlice(pile, size - 1, size, NULL) < 0 ? (Py_DECREF(next), -1)
        : set_slot(state, state_slots[S_DRAFT_CARD], next);
}

PyDoc_STRVAR(apply_doc,
"apply(state, seat, action)\n--\n\nrules.apply, in C for the commonest moves.");

static PyObject *
apply(PyObject *module, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 3 || python_apply == NULL)
        goto python;
    PyObject *state = args[0], *action = args[2];
    long seat, current, colour, top, face = 0, chosen = 0, value = 0;
    int uno = 0, result;
    Py_ssize_t at = 0;
    if (!small_int(args[1], 0, 1, &seat) || !plain_state(state, seat, &current) || seat != current)
        goto python;
    int phase = phase_of(state);
    PyObject *events;
    if (Py_TYPE(action) == play_type) {
        if (!plain_play(state, phase, seat, action, &face, &chosen, &uno, &at))
            goto python;
    }
    else if (action == a_draw && phase == P_TURN) {
        /* legality.can_draw: a card on the pile, or discards to turn into one */
        if ((PyList_GET_SIZE(slot(state, state_slots[S_DRAW_PILE])) == 0
             && PyList_GET_SIZE(slot(state, state_slots[S_DISCARD])) <= 1)
            || !can_take(state, 1) || !pile_top(state, &colour, &top))
            goto python;
    }
    else if (action == a_challenge && phase == P_CHALLENGE) {
        PyObject *guilty = slot(state, state_slots[S_W4_GUILTY]);
        if (!state_int(state, S_W4_OFFENDER, 0, 1, &value) || (guilty != Py_True && guilty != Py_False)
            || !can_take(state, guilty == Py_True ? 4 : 6)
            || !all_faces(PyList_GET_ITEM(slot(state, state_slots[S_HANDS]), value), 0))
            goto python;
    }
    else if (action == a_accept && phase == P_CHALLENGE) {
        if (!state_int(state, S_W4_OFFENDER, 0, 1, &value) || !can_take(state, 4))
            goto python;
    }
    else if (action == a_draw && phase == P_VOLLEY) {
        if (!state_int(state, S_VOLLEY, 1, PY_SSIZE_T_MAX, &value) || !can_take(state, value))
            goto python;
    }
    else if ((action == a_draft_keep || action == a_draft_discard) && phase == P_DRAFT) {
        if (!plain_draft(state, seat))
            goto python;
    }
    else if (action == a_dump && phase == P_DUMP_DECIDE) {
        if (!state_int(state, S_DUMP_COLOUR, 0, 3, &value))
            goto python;
    }
    else if (!((action == a_keep && phase == P_DRAWN) || (action == a_no_dump && phase == P_DUMP_DECIDE)))
        goto python;
    /* The move is legal and made here: from now on the state changes. */
    if ((events = PyList_New(0)) == NULL)
        return NULL;
    PyObject *hand = PyList_GET_ITEM(slot(state, state_slots[S_HANDS]), seat);
    result = uno_exposed_ends(state, seat) < 0 || set_int(state, state_slots[S_PASSES], 0) < 0 ? -1 : 0;
    if (result < 0)
        ;
    else if (Py_TYPE(action) == play_type)
        result = (phase == P_DUMPING ? dump_card : play)(state, seat, face, chosen, uno, hand, at, events);
    else if (action == a_draw && phase == P_TURN) {
        long card = 0;
        Py_ssize_t taken = draw(state, seat, 1, events, &card);
        if (taken > 0 && face_matches(colour, top, card))
            result = set_phase(state, P_DRAWN) < 0 || set_int(state, state_slots[S_DRAWN], card) < 0 ? -1 : 0;
        else
            result = taken < 0 ? -1 : pass_turn_to(state, 1 - seat);
    }
    else if (action == a_draw) {  /* the volley: drawing it ends the turn */
        long card;
        result = set_int(state, state_slots[S_VOLLEY], 0) < 0 || draw(state, seat, value, events, &card) < 0
            ? -1 : pass_turn_to(state, 1 - seat);
    }
    else if (action == a_challenge)
        result = challenge(state, seat, value, events);
    else if (action == a_accept) {  /* a Wild Draw 4 unchallenged: draw 4, the offender plays again */
        long card;
        result = set_int(state, state_slots[S_W4_OFFENDER], -1) < 0 || draw(state, seat, 4, events, &card) < 0
            ? -1 : pass_turn_to(state, value);
    }
    else if (phase == P_DRAFT)
        result = draft(state, seat, action == a_draft_keep, events);
    else if (action == a_dump) {
        PyObject *public = seat_dict(seat);
        if (public == NULL || PyDict_SetItem(public, keys[K_COLOUR], PyTuple_GET_ITEM(colour_names, value)) < 0) {
            Py_XDECREF(public);
            result = -1;
        }
        else
            result = set_phase(state, P_DUMPING) < 0
                || append_event(events, event(K_DUMP, public, NULL, nobody)) < 0 ? -1 : 0;
    }
    else  /* keep a drawn card, or do not dump */
        result = pass_turn_to(state, 1 - seat);
    if (result == 0)
        result = finish_move(state, seat);
    if (result < 0) {
        if (!PyErr_Occurred())
            PyErr_SetString(PyExc_ValueError, "the state holds a value the rules could not have made");
        Py_DECREF(events);
        return NULL;
    }
    return events;
python:
    if (python_apply == NULL) {
        PyErr_SetString(PyExc_RuntimeError, "duoplay.games.uno_duo._native is not configured");
        return NULL;
    }
    return PyObject_Vectorcall(python_apply, args, nargs, NULL);
}

/* --- configure ------------------------------------------------------------------------------- */

static int
slot_offsets(PyTypeObject *type, const char **names, int count, Py_ssize_t *offsets)
{
    for (int i = 0; i < count; i++) {
        PyObject *name = PyUnicode_InternFromString(names[i]);
        if (name == NULL)
            return -1;
        PyObject *descr = PyDict_GetItemWithError(type->tp_dict, name);
        Py_DECREF(name);
        PyMemberDef *member = descr != NULL && Py_IS_TYPE(descr, &PyMemberDescr_Type)
            ? ((PyMemberDescrObject *)descr)->d_member : NULL;
        if (member == NULL || member->type != T_OBJECT_EX || (member->flags & READONLY)
            || member->offset < (Py_ssize_t)sizeof(PyObject)
            || member->offset > type->tp_basicsize - (Py_ssize_t)sizeof(PyObject *)) {
            if (!PyErr_Occurred())
                PyErr_Format(PyExc_TypeError, "%.50s.%s is not an object slot", type->tp_name, names[i]);
            return -1;
        }
        offsets[i] = member->offset;
    }
    return 0;
}

static PyObject *
take(PyObject *parts, const char *name, PyTypeObject *type)
{
    PyObject *value = PyDict_GetItemString(parts, name);
    if (value == NULL || (type != NULL && !PyObject_TypeCheck(value, type))) {
        PyErr_Format(PyExc_TypeError, "configure needs %s", name);
        return NULL;
    }
    Py_INCREF(value);
    return value;
}

PyDoc_STRVAR(configure_doc,
"configure(parts)\n--\n\nThe classes, shared actions, tables and Python fallbacks (see native.py).");

static PyObject *
configure(PyObject *module, PyObject *parts)
{
    if (!PyDict_Check(parts)) {
        PyErr_SetString(PyExc_TypeError, "configure takes a dict");
        return NULL;
    }
    PyObject *state = take(parts, "state", &PyType_Type), *event_ = take(parts, "event", &PyType_Type);
    PyObject *play_ = take(parts, "play", &PyType_Type), *rng = take(parts, "rng", &PyType_Type);
    if (state == NULL || event_ == NULL || play_ == NULL || rng == NULL
        || slot_offsets((PyTypeObject *)state, STATE_NAMES, S_COUNT, state_slots) < 0
        || slot_offsets((PyTypeObject *)event_, EVENT_NAMES, E_COUNT, event_slots) < 0
        || slot_offsets((PyTypeObject *)play_, PLAY_NAMES, A_COUNT, play_slots) < 0
        || slot_offsets((PyTypeObject *)rng, RNG_NAMES, 1, rng_slots) < 0)
        goto error;
    if ((plays = take(parts, "plays", &PyTuple_Type)) == NULL
        || (plays_uno = take(parts, "plays_uno", &PyTuple_Type)) == NULL
        || (codes = take(parts, "codes", &PyTuple_Type)) == NULL
        || (colour_names = take(parts, "colour_names", &PyTuple_Type)) == NULL
        || (only = take(parts, "only", &PyTuple_Type)) == NULL
        || (nobody = take(parts, "nobody", &PyFrozenSet_Type)) == NULL
        || (a_draw = take(parts, "draw", NULL)) == NULL || (a_keep = take(parts, "keep", NULL)) == NULL
        || (a_pass = take(parts, "pass", NULL)) == NULL || (a_say_uno = take(parts, "uno", NULL)) == NULL
        || (a_catch = take(parts, "catch", NULL)) == NULL
        || (a_challenge = take(parts, "challenge", NULL)) == NULL
        || (a_accept = take(parts, "accept", NULL)) == NULL
        || (a_dump = take(parts, "dump", NULL)) == NULL || (a_no_dump = take(parts, "no_dump", NULL)) == NULL
        || (a_draft_keep = take(parts, "draft_keep", NULL)) == NULL
        || (a_draft_discard = take(parts, "draft_discard", NULL)) == NULL
        || (colour_choices = take(parts, "colour_choices", &PyTuple_Type)) == NULL

        || (python_apply = take(parts, "apply", NULL)) == NULL
        || (python_legal_actions = take(parts, "legal_actions", NULL)) == NULL)
        goto error;
    if ((colour_only = take(parts, "colour_only", &PyUnicode_Type)) == NULL)
        goto error;
    PyObject *random_class = take(parts, "random", &PyType_Type), *here = take(parts, "shuffle_here", NULL);
    if (random_class == NULL || here == NULL) {
        Py_XDECREF(random_class);
        Py_XDECREF(here);
        goto error;
    }
    Py_XSETREF(random_type, (PyTypeObject *)random_class);
    shuffle_here = PyObject_IsTrue(here) == 1;
    Py_DECREF(here);
    PyObject *ordered = take(parts, "set_order_here", NULL);
    if (ordered == NULL)
        goto error;
    set_order_here = PyObject_IsTrue(ordered) == 1;
    Py_DECREF(ordered);
    PyObject *phase_names = take(parts, "phases", &PyTuple_Type);
    if (phase_names == NULL)
        goto error;
    if (PyTuple_GET_SIZE(phase_names) != P_COUNT) {
        Py_DECREF(phase_names);
        PyErr_SetString(PyExc_ValueError, "configure: phases are the nine of state.py, in order");
        goto error;
    }
    for (int i = 0; i < P_COUNT; i++) {
        PyObject *name = PyTuple_GET_ITEM(phase_names, i);
        if (!PyUnicode_CheckExact(name)) {
            Py_DECREF(phase_names);
            PyErr_SetString(PyExc_TypeError, "configure: phases are strings");
            goto error;
        }
        Py_INCREF(name);
        Py_XSETREF(phases[i], name);
    }
    Py_DECREF(phase_names);
    if (PyTuple_GET_SIZE(colour_choices) != 4)
        goto sizes;
    if (PyTuple_GET_SIZE(plays) != FACES || PyTuple_GET_SIZE(plays_uno) != FACES
        || PyTuple_GET_SIZE(codes) != FACES || PyTuple_GET_SIZE(colour_names) != 4
        || PyTuple_GET_SIZE(only) != 2) {
sizes:
        PyErr_SetString(PyExc_ValueError, "configure: a table of the wrong size");
        goto error;
    }
    for (Py_ssize_t i = 0; i < FACES; i++)
        if (!PyTuple_Check(PyTuple_GET_ITEM(plays, i)) || !PyTuple_Check(PyTuple_GET_ITEM(plays_uno, i))) {
            PyErr_SetString(PyExc_TypeError, "configure: plays are tuples of tuples");
            goto error;
        }
    for (Py_ssize_t i = 0; i < 2; i++)
        if (!PyFrozenSet_Check(PyTuple_GET_ITEM(only, i))) {
            PyErr_SetString(PyExc_TypeError, "configure: only holds two frozensets");
            goto error;
        }
    state_type = (PyTypeObject *)state;
    event_type = (PyTypeObject *)event_;
    play_type = (PyTypeObject *)play_;
    rng_type = (PyTypeObject *)rng;
    Py_RETURN_NONE;
error:
    Py_XDECREF(state);
    Py_XDECREF(event_);
    Py_XDECREF(play_);
    Py_XDECREF(rng);
    python_apply = python_legal_actions = NULL;  /* unconfigured: every call refuses */
    return NULL;
}

static PyMethodDef methods[] = {
    {"configure", configure, METH_O, configure_doc},
    {"legal_actions", (PyCFunction)(void (*)(void))legal_actions, METH_FASTCALL, legal_actions_doc},
    {"apply", (PyCFunction)(void (*)(void))apply, METH_FASTCALL, apply_doc},
    {"shuffle", (PyCFunction)(void (*)(void))shuffle, METH_FASTCALL, shuffle_doc},
    {"set_order", set_order_of, METH_O, set_order_doc},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "_native",
    "UNO Duo's hot path in C (see the source's opening comment).", -1, methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__native(void)
{
    for (int face = 0; face < FACES; face++) {
        colour_of[face] = face >= WILD ? -1 : face / 13;
        rank_of[face] = face >= WILD ? face : face % 13;
    }
    for (int face = 0; face < FACES; face++) {
        for (int colour = 0; colour < 4; colour++)
            for (int top = 0; top < FACES; top++)
                if (face_matches(colour, top, face))
                    matching[colour][top] |= 1ULL << face;
        if (colour_of[face] >= 0 && rank_of[face] == DRAW_TWO)
            draw_twos |= 1ULL << face;
        if (colour_of[face] >= 0)
            of_colour[colour_of[face]] |= 1ULL << face;
    }
    for (int i = 0; i < K_KEYS; i++)
        if ((keys[i] = PyUnicode_InternFromString(KEY_NAMES[i])) == NULL)
            return NULL;
    /* The small ints: used by place only if every one from SMALL_LOW to SMALL_HIGH is the object
     * Python hands out for its value (it keeps them alive), at an even stride from the first. */
    PyObject *first = PyLong_FromLong(SMALL_LOW), *second = PyLong_FromLong(SMALL_LOW + 1);
    uintptr_t base = (uintptr_t)first, stride = (uintptr_t)second - (uintptr_t)first;
    int even = first != NULL && second != NULL && (uintptr_t)second > base && (stride & (stride - 1)) == 0;
    Py_XDECREF(first);
    Py_XDECREF(second);
    for (long v = SMALL_LOW; even && v <= SMALL_HIGH; v++) {
        PyObject *number = PyLong_FromLong(v), *again = PyLong_FromLong(v);
        even = number != NULL && number == again && (uintptr_t)number == base + (uintptr_t)(v - SMALL_LOW) * stride
            && PyLong_CheckExact(number) && PyLong_AsLong(number) == v;
        Py_XDECREF(number);
        Py_XDECREF(again);
    }
    PyErr_Clear();
    if (even) {
        small_base = base;
        small_stride = stride;
        while (((uintptr_t)1 << small_shift) < stride)
            small_shift++;
    }
    PyObject *module = PyModule_Create(&module_def);
    if (module == NULL)
        return NULL;
    if (PyModule_AddIntConstant(module, "VERSION", VERSION) < 0) {
        Py_DECREF(module);
        return NULL;
    }
    return module;
}

"""Todos os textos de Moons em português (do Brasil), num só lugar: as cartas, os Asteroides, os tokens, a
pontuação, a carta de referência, o resumo das regras, as perguntas, as opções, o registro e o tabuleiro.
As chaves são as mesmas de text_en.py."""

from __future__ import annotations

TEXT = {
    "game": "Moons",
    "language": "Português",
    "planets": {"saturn": "Saturno", "jupiter": "Júpiter", "neptune": "Netuno", "uranus": "Urano"},
    "moons": {
        "pan": ["Pã", "Tem forma de noz e mantém aberta a Divisão de Encke, nos anéis."],
        "pandora": ["Pandora", "A pastora externa do estreito anel F."],
        "prometheus": ["Prometeu", "Pastoreia o anel F e arranca dele longos filamentos."],
        "epimetheus": ["Epimeteu", "Divide a órbita com Jano; a cada quatro anos, os dois trocam de lugar."],
        "janus": ["Jano", "Troca de órbita com Epimeteu a cada quatro anos."],
        "phoebe": ["Febe", "Gira ao contrário, bem longe de Saturno: provavelmente um corpo capturado."],
        "hyperion": ["Hipérion", "Parece uma esponja e gira de um jeito caótico."],
        "mimas": ["Mimas", "Sua cratera Herschel tem um terço da largura da própria lua."],
        "enceladus": ["Encélado", "Gêiseres no polo sul lançam água no espaço."],
        "tethys": ["Tétis", "Quase só gelo de água, com uma cratera enorme, Odisseu."],
        "dione": ["Dione", "Penhascos de gelo brilhante riscam o seu lado de trás."],
        "iapetus": ["Jápeto", "Um lado é escuro como carvão; o outro, claro como a neve."],
        "rhea": ["Reia", "A segunda maior lua de Saturno, gelada e cheia de crateras."],
        "titan": ["Titã", "A única lua com atmosfera densa; tem lagos de metano."],
        "adrastea": ["Adrasteia", "Orbita na borda externa do anel principal de Júpiter."],
        "ananke": ["Ananke", "Dá nome a uma família de luas que giram ao contrário."],
        "sinope": ["Sinope", "Uma lua distante, de órbita retrógrada, descoberta em 1914."],
        "metis": ["Métis", "A lua mais interna: dá a volta mais rápido do que Júpiter gira."],
        "carme": ["Carme", "Encabeça uma família de luas de órbita retrógrada."],
        "pasiphae": ["Pasífae", "Uma lua capturada, de órbita retrógrada, descoberta em 1908."],
        "elara": ["Elara", "Do grupo de Himalia, descoberta em 1905."],
        "thebe": ["Tebe", "Sua poeira alimenta um dos tênues anéis de Júpiter."],
        "himalia": ["Himalia", "A maior das luas distantes e irregulares de Júpiter."],
        "amalthea": ["Amalteia", "Avermelhada e com formato de batata, orbita por dentro da órbita de Io."],
        "europa": ["Europa", "Sob o seu gelo existe um oceano de água líquida."],
        "io": ["Io", "O mundo mais vulcânico do Sistema Solar."],
        "callisto": ["Calisto", "Um dos corpos mais cheios de crateras que se conhecem."],
        "ganymede": ["Ganimedes", "A maior lua de todas, maior que Mercúrio."],
        "hippocamp": ["Hipocampo", "Minúscula, descoberta em 2013: talvez um pedaço arrancado de Proteu."],
        "psamathe": ["Psâmata", "Tão distante que uma volta leva uns 25 anos."],
        "laomedeia": ["Laomedeia", "Uma lua distante, descoberta em 2002."],
        "sao": ["Sao", "Uma lua distante que gira no mesmo sentido que Netuno."],
        "neso": ["Neso", "Uma das luas mais distantes de qualquer planeta."],
        "halimede": ["Halimede", "Uma lua externa, de órbita retrógrada, descoberta em 2002."],
        "naiad": ["Náiade", "A lua mais interna; passa ora acima, ora abaixo da órbita de Talassa."],
        "thalassa": ["Talassa", "Anda em sincronia com Náiade, numa dança orbital."],
        "despina": ["Despina", "Uma das pastoras do anel Le Verrier."],
        "galatea": ["Galateia", "Sua gravidade mantém unidos os arcos do anel Adams."],
        "larissa": ["Larissa", "Descoberta em 1981, ao passar na frente de uma estrela."],
        "nereid": ["Nereida", "Tem uma das órbitas mais alongadas entre todas as luas."],
        "proteus": ["Proteu", "Escura e angulosa: quase do maior tamanho que uma lua pode ter sem ficar redonda."],
        "triton": ["Tritão", "Gira ao contrário, e seus gêiseres expelem nitrogênio."],
        "cordelia": ["Cordélia", "A mais interna; pastoreia a borda interna do anel Épsilon."],
        "ophelia": ["Ofélia", "Pastoreia a borda externa do anel Épsilon."],
        "bianca": ["Bianca", "Descoberta nas imagens da Voyager 2 em janeiro de 1986."],
        "desdemona": ["Desdêmona", "Orbita tão perto de Créssida que as duas podem colidir um dia."],
        "rosalind": ["Rosalinda", "Tem o nome de uma heroína de uma comédia de Shakespeare."],
        "belinda": ["Belinda", "Tem o nome de uma heroína de Alexander Pope, e não de Shakespeare."],
        "juliet": ["Julieta", "Como a maioria das luas de Urano, tem nome de personagem de Shakespeare."],
        "portia": ["Pórcia", "A maior de um enxame de pequenas luas internas."],
        "puck": ["Puck", "A maior lua interna, descoberta pela Voyager 2 em 1985."],
        "miranda": ["Miranda", "Um mundo remendado, com penhascos de talvez 20 km de altura."],
        "ariel": ["Ariel", "A mais brilhante das grandes luas de Urano."],
        "umbriel": ["Umbriel", "A mais escura das grandes luas de Urano."],
        "oberon": ["Oberon", "A mais externa das grandes luas, antiga e cheia de crateras."],
        "titania": ["Titânia", "A maior lua de Urano, cortada por cânions enormes."],
    },
    "rank_order": "Em cada planeta, os valores seguem o tamanho das luas (diâmetro médio): 1 é a menor lua e 14, "
                  "a maior.",
    "card": "{moon} ({planet} {rank})",
    "large_asteroid": {
        "name": "Asteroide Grande",
        "text": "Jogue-o no lugar de uma carta de Lua quando não for você quem abre a vaza, mesmo que pudesse "
                "seguir o naipe. Ele nunca vence a vaza e nunca conta como carta de outro naipe. Ao jogá-lo, compre "
                "um Asteroide pequeno. Você só pode abrir a vaza com ele se não tiver mais nada na mão: nesse caso, "
                "a primeira carta de Lua jogada define o naipe da vaza. Se nenhuma carta de Lua for jogada na vaza, "
                "ninguém a vence e o mesmo jogador abre a próxima.",
    },
    "asteroids": {
        "orbit_swap": {
            "name": "Troca de Órbitas",
            "text": "Troque um dos seus tokens de planeta por um token de outro planeta que esteja com outro "
                    "jogador.",
            "targets": "Um token de outro jogador e, depois, um seu de um planeta diferente.",
            "no_target": "Só pode ser jogada se você tiver um token e outro jogador tiver um token de um planeta "
                         "diferente.",
        },
        "realign": {
            "name": "Realinhamento",
            "text": "Troque uma carta do seu tableau por uma carta de Lua da sua mão. Todos veem a carta que volta "
                    "para a sua mão.",
            "targets": "Uma carta do seu tableau e, depois, uma carta de Lua da sua mão.",
            "no_target": "Não pode ser jogada se você não tiver nenhuma carta de Lua na mão.",
        },
        "stardust": {
            "name": "Poeira Estelar",
            "text": "Deixe-a virada para cima na sua frente. No fim do jogo, ela vale um token do planeta que mais "
                    "pontos der a você.",
            "targets": "Nenhum.",
            "no_target": "Não precisa de alvo: sempre pode ser jogada.",
        },
        "tractor": {
            "name": "Raio Trator",
            "text": "Pegue um token de planeta de um jogador que tenha mais tokens do que você.",
            "targets": "Um token de um jogador com mais tokens do que você.",
            "no_target": "Não pode ser jogada se nenhum jogador tiver mais tokens do que você.",
        },
        "shower": {
            "name": "Chuva de Meteoros",
            "text": "Compre dois Asteroides pequenos.",
            "targets": "Nenhum.",
            "no_target": "Sempre pode ser jogada; se a pilha de compra e a de descarte estiverem vazias, não compra "
                         "nada.",
        },
        "capture": {
            "name": "Captura",
            "text": "Pegue da reserva um token de um planeta do qual você não tenha nenhum token.",
            "targets": "Um planeta do qual você não tenha token e que ainda tenha tokens na reserva.",
            "no_target": "Não pode ser jogada se você já tiver todos os planetas ou se a reserva não tiver nenhum "
                         "dos outros.",
        },
        "retro": {
            "name": "Retrógrado",
            "text": "Nesta vaza, vence a carta mais baixa do naipe puxado, e não a mais alta. Um segundo "
                    "Retrógrado na mesma vaza desfaz o efeito.",
            "targets": "Nenhum.",
            "no_target": "Não precisa de alvo: sempre pode ser jogada.",
        },
        "wind": {
            "name": "Vento Solar",
            "text": "Nesta jogada, você pode jogar uma carta de Lua de qualquer planeta, mesmo que pudesse seguir o "
                    "naipe.",
            "targets": "Nenhum.",
            "no_target": "Não pode ser jogada quando você abre a vaza, quando nenhum naipe foi puxado ou quando não "
                         "faria diferença (nenhuma carta do naipe puxado, ou nenhuma carta de Lua de outro planeta).",
        },
        "eclipse": {
            "name": "Eclipse",
            "text": "Troque uma carta do seu tableau por uma carta do tableau de outro jogador.",
            "targets": "Uma carta do seu tableau e, depois, uma carta do tableau de outro jogador.",
            "no_target": "Sempre tem alvo: todos os outros jogadores têm um tableau.",
        },
        "assist": {
            "name": "Estilingue Gravitacional",
            "text": "Se você vencer esta vaza, pegue mais um token de um planeta do seu tableau.",
            "targets": "Nenhum.",
            "no_target": "Não precisa de alvo: sempre pode ser jogada. Se você não vencer a vaza, não faz nada.",
        },
    },
    "small_asteroid": "Asteroide pequeno",
    "block": {
        "name": "Token de bloqueio",
        "text": "No fim de cada rodada, o token de bloqueio vai para o jogador que venceu menos vazas na rodada "
                "(empate: o empatado que vier primeiro em sentido horário a partir do primeiro jogador da rodada). "
                "Na sua vez, antes da sua carta, você pode gastá-lo: escolha um planeta, e esta vaza não dá nenhum "
                "token desse planeta (nem ao vencedor, nem à carta mais baixa de outro naipe). Depois ele volta para "
                "o centro da mesa.",
    },
    "earth_moon_token": "token da Lua da Terra",
    "earth_token": "token da Terra",
    "token": "token de {planet}",
    "scoring": {
        "title": "Pontuação por conjuntos",
        "rule": "Um conjunto é um token de cada um de vários planetas diferentes. Separe seus tokens em conjuntos "
                "por camadas: pegue um token de cada planeta que você tem e repita com o que sobrar, até acabar. Um "
                "token sozinho é um conjunto de um. Uma Poeira Estelar vale um token do planeta que mais pontos der "
                "a você. Os tokens que ficarem na reserva não valem para ninguém. Vence quem somar mais pontos; no "
                "empate, vence quem tiver mais conjuntos de quatro e, depois, mais tokens; se ainda assim houver "
                "empate, a vitória é dividida.",
        "sizes": {"1": "1 planeta: 1 ponto", "2": "2 planetas: 3 pontos", "3": "3 planetas: 6 pontos",
                  "4": "4 planetas: 10 pontos"},
        "example": "{tokens}; Poeiras Estelares: {stardust} -> {points} pontos",
        "examples_note": "Exemplos",
    },
    "reference": {
        "title": "Moons: carta de referência",
        "turn": [
            "A cada rodada: todas as cartas são distribuídas; cada um baixa 3 cartas viradas para baixo como "
            "tableau; todos revelam juntos.",
            "Rodada 1: a carta mais alta dos tableaux leva o token da Lua da Terra (primeiro jogador); o token da "
            "Terra fica nesse lugar.",
            "Sua vez numa vaza: você pode jogar um Asteroide pequeno (e gastar o token de bloqueio) e depois joga "
            "uma carta.",
            "Siga o naipe se puder. Um Asteroide Grande pode ser jogado no lugar de uma carta de Lua; ele compra um "
            "Asteroide pequeno.",
            "Vence a carta mais alta do naipe puxado: um token de um planeta do tableau do vencedor. A carta mais "
            "baixa de outro naipe leva um token do próprio planeta (empate na mais baixa: ninguém leva).",
            "Quem vence a vaza abre a próxima.",
            "Fim da rodada: quem venceu mais vazas leva um token de qualquer planeta (empate: cada um leva); quem "
            "não venceu nenhuma pode levar um token de um planeta do seu tableau. Quem venceu menos vazas fica "
            "com o token de bloqueio. O token da Lua da Terra passa para a esquerda, e quem o recebe dá as cartas.",
            "O jogo termina na hora em que a reserva fica vazia, ou depois da rodada dada pelo último lugar antes "
            "do token da Terra.",
        ],
    },
    "rules": [
        "Moons é um jogo de vazas para 2 a 6 jogadores. Os naipes são quatro planetas (Saturno, Júpiter, Netuno e "
        "Urano); as 14 cartas de cada planeta são as suas luas, ordenadas por tamanho.",
        "Preparação: os 68 tokens de planeta (17 de cada) formam a reserva. Embaralhe os 38 Asteroides pequenos, "
        "dê dois a cada jogador e deixe o resto como pilha de compra, virada para baixo. Embaralhe o baralho de 60 "
        "cartas (56 cartas de Lua e 4 Asteroides Grandes) e distribua tudo, uma carta por vez, a partir do lugar "
        "0: cada jogador recebe 60 / N cartas. O token de bloqueio começa no centro da mesa.",
        "A cada rodada, cada jogador baixa da mão três cartas de Lua viradas para baixo como tableau. Quando todos "
        "terminarem, os tableaux são revelados ao mesmo tempo. As cartas do tableau ficam fora da mão durante a "
        "rodada: não podem ser jogadas e não contam para seguir o naipe. Na rodada 1, quem tiver a carta mais alta "
        "no tableau (só o valor; empate: a segunda carta, depois a terceira, depois o primeiro em sentido horário "
        "a partir do lugar 0) pega o token da Lua da Terra e é o primeiro jogador; o token da Terra fica nesse "
        "lugar até o fim do jogo.",
        "O primeiro jogador pode jogar um Asteroide pequeno e depois abre a vaza com qualquer carta de Lua. Em "
        "sentido horário, cada um dos outros pode jogar um Asteroide pequeno e depois joga uma carta, seguindo o "
        "naipe se puder. Um Asteroide pequeno só é jogado na sua própria vez, antes da sua carta, no máximo um por "
        "vez; ele faz todo o efeito e vai para a pilha de descarte (a Poeira Estelar fica na sua frente). Se for "
        "preciso comprar um Asteroide pequeno e a pilha de compra estiver vazia, o descarte é embaralhado e vira "
        "uma nova pilha; se as duas estiverem vazias, não se compra nada.",
        "Vence a vaza a carta mais alta do naipe puxado; cartas de outro naipe nunca vencem. O vencedor pega um "
        "token de um planeta que apareça no próprio tableau (à sua escolha, se houver vários). Depois, a carta de "
        "Lua mais baixa de outro naipe leva um token do próprio planeta; se houver empate na mais baixa, ninguém "
        "leva esse token. Quem tem direito a um token só escolhe entre os planetas permitidos que ainda estão na "
        "reserva; se não houver nenhum, fica sem. Quem vence a vaza abre a próxima.",
        "Quando as mãos acabam, quem venceu mais vazas pega um token de qualquer planeta (cada empatado pega um), "
        "em sentido horário a partir do primeiro jogador; depois, cada jogador que não venceu nenhuma vaza pode "
        "pegar um token de um planeta do seu tableau. O token de bloqueio vai para quem venceu menos vazas. O "
        "token da Lua da Terra passa para o próximo lugar em sentido horário, e esse jogador junta as 60 cartas, "
        "embaralha e dá as cartas da próxima rodada, começando pela sua esquerda. Os Asteroides pequenos e os "
        "tokens ficam onde estão.",
        "O jogo termina na hora em que o último token sai da reserva, ou depois da rodada dada pelo último lugar "
        "que ainda não deu as cartas (quando o token da Lua da Terra voltaria para o lugar do token da Terra): no "
        "máximo N rodadas.",
    ],
    "ui": {
        "seat": "lugar {n}",
        "you": "você",
        "and": " e ",
        "none": "nenhum",
        "prompt_tableau": "baixe uma carta de Lua virada para baixo no seu tableau ({k} de 3)",
        "prompt_lead": "abra a vaza com uma carta (antes, se quiser, um Asteroide pequeno ou o token de bloqueio)",
        "prompt_follow": "jogue uma carta, seguindo o naipe se puder (antes, se quiser, um Asteroide pequeno ou o "
                         "token de bloqueio)",
        "prompt_take": "escolha o planeta do seu token",
        "prompt_take_optional": "pegue um token de um planeta do seu tableau, ou nenhum",
        "prompt_swap_take": "Troca de Órbitas: o token que você pega",
        "prompt_swap_give": "Troca de Órbitas: o token que você dá em troca",
        "prompt_realign_out": "Realinhamento: a carta do tableau que volta para a sua mão",
        "prompt_realign_in": "Realinhamento: a carta de Lua da sua mão que fica no lugar dela",
        "prompt_tractor": "Raio Trator: o token que você pega",
        "prompt_capture": "Captura: o planeta do token que você pega",
        "prompt_eclipse_mine": "Eclipse: a carta do seu tableau que você dá",
        "prompt_eclipse_theirs": "Eclipse: a carta de tableau que você pega em troca",
        "act_tableau": "Tableau: {card}",
        "act_card": "Jogar {card}",
        "act_asteroid": "Jogar {asteroid}: {text}",
        "act_block": "Gastar o token de bloqueio em {planet}",
        "act_take": "Pegar um token de {planet}",
        "act_decline": "Não pegar token",
        "act_token": "O token de {planet} do {seat}",
        "act_give": "Dar um token de {planet}",
        "act_tableau_card": "{card} (seu tableau)",
        "act_hand_card": "{card} (sua mão)",
        "act_their_card": "{card} (tableau do {seat})",
        "act_capture": "Um token de {planet} da reserva",
        "ev_round": "Rodada {round}: o {seat} dá as cartas.",
        "ev_round1": "Rodada 1: as cartas são distribuídas a partir do lugar 0.",
        "ev_picked": "O {seat} baixa uma carta virada para baixo.",
        "ev_picked_own": "Você baixa {card} virada para baixo.",
        "ev_reveal": "Os tableaux são revelados: {list}.",
        "ev_first": "O {seat} tem a carta mais alta dos tableaux: o token da Lua da Terra e o token da Terra ficam "
                    "com ele.",
        "ev_play": "O {seat} joga {card}.",
        "ev_asteroid": "O {seat} joga {asteroid}.",
        "ev_block": "O {seat} gasta o token de bloqueio: esta vaza não dá token de {planet}.",
        "ev_win": "O {seat} vence a vaza com {card}.",
        "ev_no_winner": "Nenhuma carta de Lua foi jogada: ninguém vence a vaza.",
        "ev_token": "O {seat} pega um token de {planet}.",
        "ev_no_token": "O {seat} tem direito a um token, mas a reserva não tem nenhum dos planetas permitidos.",
        "ev_declined": "O {seat} não pega token.",
        "ev_low_tie": "Empate entre as cartas mais baixas de outro naipe: ninguém leva token por elas.",
        "ev_swap": "O {seat} troca um token de {given} pelo token de {taken} do {other}.",
        "ev_realign": "O {seat} pega {out} de volta na mão e baixa {card} no tableau.",
        "ev_tractor": "O {seat} pega o token de {planet} do {other}.",
        "ev_capture": "O {seat} pega um token de {planet} da reserva.",
        "ev_eclipse": "O {seat} troca a sua {mine} pela {theirs} do {other}.",
        "ev_stardust": "O {seat} deixa uma Poeira Estelar na sua frente.",
        "ev_retro": "Retrógrado: nesta vaza vence a carta mais baixa do naipe puxado.",
        "ev_retro_back": "Retrógrado de novo: nesta vaza vence a carta mais alta do naipe puxado.",
        "ev_wind": "Vento Solar: o {seat} pode jogar qualquer planeta nesta vez.",
        "ev_assist": "Estilingue Gravitacional: se o {seat} vencer esta vaza, pega mais um token.",
        "ev_draw": "O {seat} compra um Asteroide pequeno.",
        "ev_draw_many": "O {seat} compra {n} Asteroides pequenos.",
        "ev_draw_own": "Você compra {asteroids}.",
        "ev_draw_none": "O {seat} não compra nada: não sobrou nenhum Asteroide pequeno.",
        "ev_reshuffle": "O descarte de Asteroides pequenos é embaralhado e vira uma nova pilha de compra.",
        "ev_block_to": "O {seat} venceu menos vazas e fica com o token de bloqueio.",
        "ev_marker": "O token da Lua da Terra passa para o {seat}.",
        "ev_end_supply": "A reserva está vazia: o jogo termina.",
        "ev_end_dealt": "Todos já deram as cartas: o jogo termina.",
        "ev_most": "O {seat} venceu mais vazas ({n}).",
        "ev_scores": "Pontos: {list}.",
        "why_supply": "a reserva acabou",
        "why_dealt": "todos já deram as cartas",
        "res_win": "O {seat} vence com {points} ({why}).",
        "res_shared": "{seats} dividem a vitória com {points} ({why}).",
        "res_tie_sets": "o {seat} desempata por conjuntos de quatro",
        "res_tie_tokens": "o {seat} desempata por número de tokens",
        "res_going": "o jogo continua",
        "r_header": "Rodada {round} (no máximo {rounds}); primeiro jogador: {first}; token da Terra: {earth}; "
                    "token de bloqueio: {block}.",
        "r_supply": "Reserva: {list} ({total}). Asteroides pequenos: {pile} na pilha de compra, {discard} "
                    "no descarte.",
        "r_block_common": "centro da mesa",
        "r_trick": "Vaza {k} de {total}{led}: {cards}",
        "r_led": ", naipe puxado: {planet}",
        "r_retro": " (Retrógrado: vence a mais baixa)",
        "r_empty": "nenhuma carta ainda",
        "r_seat": "{seat}{marks}: {tricks}; tokens {tokens} = {points}",
        "n_tricks": "{n} vazas",
        "n_tricks_one": "{n} vaza",
        "n_tokens": "{n} tokens",
        "n_tokens_one": "{n} token",
        "n_points": "{n} pontos",
        "n_points_one": "{n} ponto",
        "r_tableau": "  tableau: {cards}",
        "r_tableau_hidden": "  tableau: {n} de 3 viradas para baixo",
        "r_tableau_hidden_one": "  tableau: {n} de 3 virada para baixo",
        "r_hand": "  mão: {cards}",
        "r_hand_count": "  mão: {cards}, {smalls}",
        "n_cards": "{n} cartas",
        "n_cards_one": "{n} carta",
        "n_smalls": "{n} Asteroides pequenos",
        "n_smalls_one": "{n} Asteroide pequeno",
        "r_smalls": "  Asteroides pequenos: {list}",
        "r_stardust": "  Poeira Estelar: {n}",
        "m_first": " [primeiro jogador]",
        "m_earth": " [Terra]",
        "m_block": " [bloqueio]",
        "t_seat_label": "lugar {seat} ({name})",
        "t_score": "pontuação",
        "t_player": "jogador",
        "t_bot": "robô {level}",
        "t_title": "{game}, {n} lugares; impressão digital {commitment}",
        "t_choose": "escolha de 1 a {k}: ",
        "t_again": "digite um número de 1 a {k}",
        "t_chosen": "{label} já escolheu ({kind})",
        "t_over": "fim de jogo: {text}",
        "t_seed": "semente {seed}",
        "t_record": "registro gravado em {path}",
        "t_timeout": "o tempo de {name} acabou: a mesa fez uma jogada segura{done}",
    },
}

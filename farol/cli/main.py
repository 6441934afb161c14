"""CLI `farol`: consulta das normas e dos motores (infrações, penalidade, prazo, medidas).

Cada comando aceita `--json` para máquinas (datas ISO, valores "3200.00", durações ISO-8601
"P12M"); sem ele, imprime uma tabela em português com os formatos de `farol.formatos`
(10/03/2026, R$ 3.200,00, 12 meses), os mesmos das páginas e dos PDFs.
Entrada inválida: uma linha `erro: <campo>: <regra>` na saída de erro e código 2.
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer
from pydantic import ValidationError

from farol.cli.erros import dica_do_erro_de_banco, falhar, falhar_configuracao, falhar_uso
from farol.cli.portugues import Typer
from farol.cli.saida import celula, imprimir_json, tabela
from farol.erros import EntradaInvalida, ErroFarol
from farol.formatos import citado, data_hora, duracao, moeda, quantidade, sim_nao
from farol.formatos import data as data_br
from farol.formatos import dias as em_dias
from farol.relogio import hoje
from farol.store.db import BancoIndisponivel, ErroDeBanco

T = TypeVar("T")

if TYPE_CHECKING:
    from farol.services.historico_de_contas import Autor

app = Typer(
    name="farol",
    help="Farol — Inspeção Naval e processo administrativo da LESTA/RLESTA/NORMAM.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

OpcaoJson = Annotated[bool, typer.Option("--json", help="Saída em JSON para máquinas.")]


def ler_data(valor: str, campo: str) -> dt.date:
    try:
        return dt.date.fromisoformat(valor)
    except ValueError:
        raise EntradaInvalida(
            f"data inválida {citado(valor)}: use AAAA-MM-DD com dia, mês e ano existentes",
            campo=campo,
        ) from None


@app.command()
def infracoes(
    busca: Annotated[
        str | None, typer.Option("--busca", metavar="TEXTO", help="Texto a procurar.")
    ] = None,
    como_json: OpcaoJson = False,
) -> None:
    """Lista as infrações do RLESTA (arts. 11–28) e da LESTA, com penalidade, os autores
    materiais admitidos de cada uma (o fundamento da autoria no JSON) e a citação."""
    from farol.normas.infracoes import catalogo

    itens = catalogo().buscar(busca)
    if como_json:
        imprimir_json(
            [
                {
                    "codigo": i.codigo,
                    "descricao": i.descricao,
                    "penalidade": i.penalidade_texto,
                    "grupo": i.penalidade.multa,
                    "suspensao_max": i.penalidade.suspensao_max,
                    "autores": list(i.autores),
                    "autoria": {
                        "fundamentos": [c.referencia() for c in i.autoria.fontes],
                        "nota": i.autoria.nota,
                    },
                    "fundamento": i.fonte.referencia(),
                }
                for i in itens
            ]
        )
        return
    tabela(
        f"Infrações ({len(itens)})",
        ["Código", "Descrição", "Penalidade", "Autores admitidos", "Fundamento"],
        [
            [
                i.codigo,
                i.descricao,
                i.penalidade_texto,
                ", ".join(i.autores),
                i.fonte.referencia(),
            ]
            for i in itens
        ],
    )


@app.command()
def penalidade(
    codigo: Annotated[str, typer.Argument(help="Id da infração, ex.: RLESTA.12.II")],
    data: Annotated[
        str | None, typer.Option(metavar="AAAA-MM-DD", help="Data do fato (padrão: hoje).")
    ] = None,
    autor: Annotated[
        str | None,
        typer.Option(
            metavar="TIPO",
            help="Tipo de autor material: condutor, comandante, pratico, agente_manobra, "
            "proprietario, armador, preposto, construtor_embarcacao, construtor_obra, "
            "proprietario_obra, pesquisador_jazida; os admitidos por infração estão em "
            "`farol infracoes`. Omitido: o único que a infração admite; se admite vários, a "
            "recusa os lista.",
        ),
    ] = None,
    reincidencias: Annotated[
        int,
        typer.Option(
            metavar="N", help="Práticas anteriores da mesma infração nos 12 meses anteriores."
        ),
    ] = 0,
    faltas: Annotated[
        int, typer.Option(metavar="N", help="Número de faltas (RLESTA art. 13, III).")
    ] = 1,
    agravante: Annotated[
        list[str] | None, typer.Option(metavar="X", help="Agravante da LESTA art. 30 (repetível).")
    ] = None,
    como_json: OpcaoJson = False,
) -> None:
    """Faixa legal da penalidade: multa mín./máx., suspensão máxima, cumulativa, cancelamento,
    multiplicador e fundamentos (no JSON, valores "40.00" e suspensão ISO-8601 "P60D")."""
    from farol.normas.infracoes import catalogo
    from farol.rules.penalidades import calcular_penalidade

    dia = ler_data(data, "data") if data else hoje()
    r = calcular_penalidade(
        codigo.strip(),
        dia,
        autor=autor,
        reincidencias=reincidencias,
        faltas=faltas,
        agravantes=tuple(agravante or ()),
    )
    if como_json:
        imprimir_json(r.para_json())
        return
    tipo_autor = catalogo().autores.get(r.autor)
    tabela(
        f"{r.codigo} — {r.descricao}",
        ["Campo", "Valor"],
        [
            ["Data do fato", data_br(r.data)],
            ["Autor", tipo_autor.nome if tipo_autor else r.autor],
            ["Grupo", r.grupo or "—"],
            ["Multa", f"{moeda(r.multa.min)} a {moeda(r.multa.max)}" if r.multa else "—"],
            ["Suspensão máxima", f"até {duracao(r.suspensao_max)}" if r.suspensao_max else "—"],
            ["Cumulativa", sim_nao(r.cumulativa)],
            ["Cancelamento", sim_nao(r.cancelamento)],
            ["Reincidências", str(r.reincidencias)],
            ["Multiplicador", str(r.multiplicador)],
            ["Agravantes", "; ".join(r.agravantes_texto) or "—"],
            ["Acessórias", "; ".join(r.acessorias_texto) or "—"],
            ["Observações", "\n".join(r.observacoes) or "—"],
            ["Fundamentos", "; ".join(r.fundamentos)],
        ],
    )


@app.command()
def prazo(
    etapa: Annotated[str, typer.Argument(help="Etapa, ex.: defesa, recurso, pagamento.")],
    inicio: Annotated[
        str, typer.Option(metavar="AAAA-MM-DD", help="Data do ato que inicia o prazo.")
    ],
    regime: Annotated[
        str, typer.Option(metavar="lesta|poluicao|custodia", help="Regime do processo.")
    ] = "lesta",
    uf: Annotated[
        str | None, typer.Option(metavar="UF", help="UF da OM, para os feriados estaduais.")
    ] = None,
    dias: Annotated[
        int | None,
        typer.Option(
            "--dias",
            metavar="N",
            help="Dias que a decisão fixou, nos prazos cujo número de dias a norma não fixa "
            "(ex.: acessoria, o cumprimento das penalidades acessórias).",
        ),
    ] = None,
    om: Annotated[
        str | None,
        typer.Option(
            "--om",
            metavar="SIGLA",
            help="OM cujo calendário conta o prazo, lido do banco: a UF dela e os dias sem "
            "expediente que registrou (feriado municipal), como nos processos dela.",
        ),
    ] = None,
    database_url: OpcaoUrl = None,
    como_json: OpcaoJson = False,
) -> None:
    """Vencimento de um prazo, com os dias não úteis (e o motivo de cada um) e os fundamentos.

    O prazo que a decisão fixa (ex.: `acessoria`) pede `--dias N`, os dias fixados nela;
    nos demais, a norma dá o número de dias e `--dias` é recusado. Sem `--om`, o calendário é
    o nacional (e o da UF, com `--uf`), sem os feriados municipais.
    """
    from farol.normas.prazos import catalogo_prazos, regra_prazo
    from farol.rules.calendario import obter_calendario
    from farol.rules.prazos import calcular_prazo

    data_inicio = ler_data(inicio, "inicio")
    if dias is not None and dias < 1:
        raise EntradaInvalida(
            f"--dias {dias}: informe um número inteiro de dias maior que zero",
            campo="dias",
        )
    if om is not None and uf is not None:
        raise EntradaInvalida(
            "--uf e --om juntos: a OM já diz a UF do calendário; informe só uma", campo="uf"
        )
    if om is not None:
        from farol.services.calendario_om import calendario_da_sigla

        calendario = _no_banco(database_url, calendario_da_sigla, om)
    else:
        calendario = obter_calendario(uf)
    try:
        r = calcular_prazo(
            etapa,
            data_inicio,
            regime=regime,
            calendario=calendario,
            dias_fixados=dias,
        )
    except EntradaInvalida as e:
        if e.campo != "dias":
            raise
        raise EntradaInvalida(
            f"{e.mensagem}; informe com --dias N os dias que ela fixou",
            campo=e.campo,
            regra=e.regra,
        ) from None
    _, valor = regra_prazo(r.regime, r.etapa).vigente(r.inicio)
    if dias is not None and not valor.fixado_na_decisao:
        raise EntradaInvalida(
            f"--dias só vale para prazo que a decisão fixa; {r.regra} tem o número de dias "
            "fixado na norma: omita --dias",
            campo="dias",
            regra="; ".join(r.fundamentos[:1]),
        )
    if como_json:
        imprimir_json(r.para_json())
        return
    contagem = f"{em_dias(r.dias)} {'úteis' if r.contagem == 'uteis' else 'corridos'}"
    if r.anos is not None:
        contagem = f"{quantidade(r.anos, 'ano')} ({contagem})"
    tabela(
        f"Prazo: {catalogo_prazos().nome_da_etapa(r.regime, r.etapa)} ({r.regra})",
        ["Campo", "Valor"],
        [
            ["Início (ciência)", data_br(r.inicio)],
            ["Contagem", contagem],
            ["Vencimento", data_br(r.vencimento)],
            ["Prorrogado", sim_nao(r.prorrogado)],
            ["Dias não úteis", "\n".join(_dias_nao_uteis(r.para_json())) or "—"],
            ["Fundamentos", "; ".join(r.fundamentos)],
        ],
    )


@app.command()
def medidas(como_json: OpcaoJson = False) -> None:
    """Lê a constatação em JSON na entrada padrão e responde as medidas administrativas, quem
    notificar e os fundamentos."""
    from farol.rules.medidas import aplicar_medidas, constatacao_de_dict

    try:
        dados: Any = json.loads(sys.stdin.read() or "null")
    except json.JSONDecodeError as e:
        raise EntradaInvalida(f"JSON malformado na entrada: {e.msg}", campo="entrada") from None
    if not isinstance(dados, dict):
        raise EntradaInvalida("esperado um objeto JSON com a constatação", campo="entrada")
    r = aplicar_medidas(constatacao_de_dict(dados))
    j = r.para_json()
    if como_json:
        imprimir_json(j)
        return
    lacuna = j.pop("lacuna")
    linhas = _linhas_de_medidas(j)
    linhas.append(["Lacuna no texto", lacuna["referencia"] if lacuna else "—"])
    tabela("Medidas administrativas", ["Campo", "Valor"], linhas)
    if lacuna:  # o texto da norma acaba aqui: não é "nenhuma medida"
        print(
            f"Lacuna no texto da norma ({lacuna['referencia']}): {lacuna['texto']}. "
            f"O Farol não sugere medida para {lacuna['infracao']}; confira o texto integral."
        )


_ROTULOS_MEDIDAS = {
    "infracao": "Infração",
    "infracao_aplicavel": "Infração aplicável",
    "linha": "Linha da tabela",
    "medidas": "Medidas",
    "medidas_dispensadas": "Medidas dispensadas",
    "notificar": "Notificar",
    "documentos": "Documentos",
    "ordens_estrangeira": "Ordens (embarcação estrangeira)",
    "fundamentos": "Fundamentos",
}


def _dias_nao_uteis(j: dict[str, Any]) -> list[str]:
    """'20/11/2024 Dia Nacional ... (feriado nacional) — Lei 14.759/2023 art. 1º': cada dia com
    o motivo e a base legal de cada motivo; a de ato ainda a registrar leva "(pendente: ...)"."""
    linhas = []
    for dia in j["dias_nao_uteis"]:
        bases = [
            f["referencia"] + (f" (pendente: {f['pendente']})" if f["pendente"] else "")
            for f in dia["fundamentos"]
        ]
        linha = f"{data_br(dt.date.fromisoformat(dia['data']))} {dia['motivo']}"
        linhas.append(linha + (f" — {'; '.join(bases)}" if bases else ""))
    return linhas


def _linhas_de_medidas(j: dict[str, Any]) -> list[list[str]]:
    """Cada campo do resultado com o seu rótulo e, no lugar dos ids, os nomes da tabela de
    medidas (normas/dados/medidas.yaml): "apreensão da embarcação", não `apreensao_embarcacao`."""
    from farol.normas.medidas import carregar_tabela

    t = carregar_tabela()
    catalogos: dict[str, Mapping[str, Any]] = {
        "medidas": t.medidas,
        "medidas_dispensadas": t.medidas,
        "notificar": t.autores,
        "documentos": t.documentos,
        "ordens_estrangeira": t.ordens_embarcacao_estrangeira.ordens,
    }

    def nomeador(campo: str) -> Callable[[str], str]:
        itens = catalogos.get(campo, {})
        return lambda x: itens[x].nome if x in itens else x

    return [
        [_ROTULOS_MEDIDAS.get(k, k.replace("_", " ").capitalize()), celula(v, nomeador(k))]
        for k, v in j.items()
    ]


def main() -> None:
    """Ponto de entrada: erros de domínio e de uso viram uma linha em português, saída 2."""
    try:
        # Fora do modo "standalone", `typer.Exit(n)` não levanta: vira o valor devolvido.
        codigo = app(standalone_mode=False)
    except BancoIndisponivel as e:  # falha do banco, não da entrada: código 1
        print(f"erro: {e.texto()}", file=sys.stderr)
        raise SystemExit(1) from None
    except ErroFarol as e:
        falhar(e)
    except typer.Exit as e:
        raise SystemExit(e.exit_code) from None
    except typer.Abort:
        raise SystemExit(1) from None
    except typer.exceptions.TyperException as e:
        falhar_uso(e)
    except ErroDeBanco as e:
        print(
            f"erro: banco de dados: {type(e).__name__}: {str(e).splitlines()[0]}", file=sys.stderr
        )
        print(f"  ({dica_do_erro_de_banco(e)})", file=sys.stderr)
        raise SystemExit(1) from None
    except ValidationError as e:  # uma variável FAROL_* com valor inválido
        falhar_configuracao(e)
    if isinstance(codigo, int) and codigo:
        raise SystemExit(codigo)


db_app = Typer(help="Banco de dados: migrações.", no_args_is_help=True)
app.add_typer(db_app, name="db")


@db_app.command("upgrade")
def db_upgrade(
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url", metavar="URL", help="URL do banco (padrão: FAROL_DATABASE_URL)."
        ),
    ] = None,
) -> None:
    """Aplica as migrações pendentes (alembic upgrade head)."""
    from farol.config import configuracao
    from farol.store.migrar import atualizar_banco, revisao_atual

    url = database_url or configuracao().database_url
    atualizar_banco(url)
    print(f"banco atualizado: revisão {revisao_atual(url)}")


@app.command()
def serve(
    host: Annotated[str, typer.Option(metavar="H", help="Endereço de escuta.")] = "127.0.0.1",
    porta: Annotated[int, typer.Option("--porta", "--port", metavar="P", help="Porta TCP.")] = 8000,
    database_url: Annotated[
        str | None,
        typer.Option(
            "--database-url", metavar="URL", help="URL do banco (padrão: FAROL_DATABASE_URL)."
        ),
    ] = None,
    com_demo: Annotated[
        bool,
        typer.Option(
            "--demo", help="Antes de servir, carrega a demonstração se o banco estiver vazio."
        ),
    ] = False,
    workers: Annotated[
        int | None,
        typer.Option(
            "--workers",
            min=1,
            metavar="N",
            help="Processos do servidor (padrão: o número de núcleos da máquina).",
        ),
    ] = None,
) -> None:
    """Executa o serviço HTTP: páginas em /, API em /api/v1 (OpenAPI em /openapi.json),
    documentação em /docs; com `--demo`, carrega antes a demonstração num banco vazio.

    Com N processos (`--workers`, padrão: os núcleos), cada um monta a sua aplicação sobre o
    mesmo banco; os limites de tentativas ficam no banco, comuns a todos."""
    import os

    if com_demo:
        database_url = _carregar_demo(database_url)
    if database_url:
        os.environ["FAROL_DATABASE_URL"] = database_url
    from farol.app import opcoes_do_servidor
    from farol.config import Configuracao, configuracao
    from farol.servidor import servir
    from farol.store.migrar import revisao_atual

    c = configuracao()
    url = _url(database_url)  # o SQLite desatualizado se migra; o PostgreSQL, não
    _exigir_revisao(url, revisao_atual(url))  # vazio ou antigo: 500 em parte das rotas
    sem_url = c.url_publica == Configuracao.model_fields["url_publica"].default
    if sem_url and "FAROL_URL_PUBLICA" not in os.environ and host not in ("0.0.0.0", "::"):
        # sem a URL configurada, o QR aponta para onde este servidor escuta, não para a porta
        # padrão (com `--port 8300`, o QR dos documentos levava a 127.0.0.1:8000, onde nada
        # responde); os processos do servidor leem o ambiente
        os.environ["FAROL_URL_PUBLICA"] = f"http://{f'[{host}]' if ':' in host else host}:{porta}"
        configuracao.cache_clear()
        c = configuracao()
    if not com_demo and sem_url:
        print(
            f"aviso: FAROL_URL_PUBLICA não configurada: o QR e o endereço de verificação dos "
            f"documentos emitidos apontarão para {c.url_publica} (o PDF não muda depois de "
            "emitido)"
        )
    n = workers or os.cpu_count() or 1
    print(
        f"Farol em http://{host}:{porta}/  (API: /api/v1, documentação: /docs; "
        f"{n} processo{'s' if n > 1 else ''})"
    )
    servir(host, porta, n, **opcoes_do_servidor(c))


def _exigir_revisao(url: str, atual: str | None) -> None:
    """Recusa o banco que não está na revisão deste Farol (o PostgreSQL não se migra sozinho),
    dizendo o que fazer."""
    from farol.store.migrar import revisao_mais_recente

    esperada = revisao_mais_recente()
    if atual != esperada:
        raise EntradaInvalida(
            f"o banco está na revisão {atual or '(nenhuma: banco vazio)'} e este Farol espera a "
            f"{esperada}: rode `farol db upgrade` com o papel dono do esquema",
            campo="database_url",
        )


def _url(database_url: str | None) -> str:
    """A URL do banco; um SQLite desatualizado é migrado antes do uso (PostgreSQL não)."""
    from farol.config import configuracao
    from farol.store.migrar import preparar_banco

    url = database_url or configuracao().database_url
    preparar_banco(url)
    return url


def _no_banco(database_url: str | None, caso_de_uso: Callable[..., T], *args: Any, **kw: Any) -> T:
    """Abre o banco de `database_url` (`_url`), chama o caso de uso com a unidade de trabalho
    dele e os argumentos, e fecha o banco, com ou sem erro: o molde dos comandos de um caso só."""
    from farol.services.unit_of_work import BancoUnitOfWork
    from farol.store.db import Banco

    banco = Banco.conectar(_url(database_url))
    try:
        return caso_de_uso(BancoUnitOfWork(banco), *args, **kw)
    finally:
        banco.fechar()


def _revogado(sessoes_encerradas: int, agenda_revogada: bool) -> str:
    """O que deixou de valer com a senha trocada ou o usuário desativado."""
    encerradas = quantidade(sessoes_encerradas, "sessão encerrada", "sessões encerradas")
    return encerradas + ("; endereço da agenda revogado" if agenda_revogada else "")


OpcaoUrl = Annotated[
    str | None,
    typer.Option(
        "--database-url",
        metavar="URL",
        help="URL do banco (padrão: FAROL_DATABASE_URL ou o SQLite).",
    ),
]


LOTE_DA_CARGA = 2000
"""Processos por transação em `farol demo --processos N`."""
RECUO_DA_CARGA = 52
"""Semanas que a carga em massa pode recuar as datas dos processos-modelo: um ano, para que os
vencimentos e as inspeções se espalhem pelos dias como num serviço em uso (com 8 semanas, um
quarto dos prazos em curso do país vencia no mesmo dia)."""


@app.command()
def demo(
    database_url: OpcaoUrl = None,
    recriar: Annotated[bool, typer.Option(help="Apaga o SQLite e carrega de novo.")] = False,
    processos: Annotated[
        int,
        typer.Option(
            "--processos",
            min=0,
            metavar="N",
            help="Acrescenta N processos clonados da demonstração por carga em lote.",
        ),
    ] = 0,
) -> None:
    """Carrega a demonstração (CPSC e Delegacias, usuários de cada papel, processos em todos os
    estados) num banco vazio e imprime os logins; para servir em seguida, `farol serve --demo`.
    Com `--processos N`, acrescenta N processos (OMs de todo o país, pessoas, embarcações,
    atos, prazos e cadeias de hashes) por carga em lote."""
    url = _carregar_demo(database_url, recriar=recriar)
    if processos:
        from farol.services.carga_em_massa import carregar_em_massa
        from farol.store.db import Banco

        banco = Banco.conectar(url)
        try:
            r = carregar_em_massa(banco, processos, lote=LOTE_DA_CARGA, semanas=RECUO_DA_CARGA)
        finally:
            banco.fechar()
        print(r.texto())


def _carregar_demo(database_url: str | None, *, recriar: bool = False) -> str:
    """Migra o banco, carrega a demonstração se ele estiver vazio e imprime os logins."""
    from farol.services.demo import SENHA_DEMO, banco_vazio, carregar_demo, logins
    from farol.services.unit_of_work import BancoUnitOfWork
    from farol.store.db import Banco, arquivo_sqlite, e_sqlite, url_para_exibir
    from farol.store.migrar import atualizar_banco

    url = _url(database_url)
    if recriar:
        if not e_sqlite(url):
            raise EntradaInvalida("--recriar só apaga um banco SQLite", campo="recriar")
        arquivo = arquivo_sqlite(url)
        if arquivo:
            from pathlib import Path

            for sufixo in ("", "-wal", "-shm"):
                Path(arquivo + sufixo).unlink(missing_ok=True)
    from farol.store.migrar import revisao_atual

    atual = revisao_atual(url)
    if e_sqlite(url) or atual is None:
        atualizar_banco(url)  # o SQLite, ou um PostgreSQL ainda vazio, criado para a demonstração
    else:
        # no PostgreSQL com dados as migrações são um passo de quem administra (docs/banco.md)
        _exigir_revisao(url, atual)
    banco = Banco.conectar(url)
    vazio = banco_vazio(BancoUnitOfWork(banco))
    if vazio:
        carregar_demo(banco)
    else:
        recarregar = "`farol demo --recriar` recarrega" if e_sqlite(url) else "use um banco vazio"
        print(f"o banco já tem dados: demonstração não recarregada ({recarregar})")
    banco.fechar()
    print(f"banco: {url_para_exibir(url)}")
    tabela(
        f"Usuários da demonstração (senha: {SENHA_DEMO})",
        ["Login", "Papel", "OM"],
        [list(x) for x in logins()],
    )
    return url


auditoria_app = Typer(
    help="Auditoria: cadeia de atos, documentos emitidos e âncoras fora do banco.",
    no_args_is_help=True,
)
app.add_typer(auditoria_app, name="auditoria")

OpcaoPasta = Annotated[
    str | None,
    typer.Option(
        "--pasta",
        metavar="PASTA",
        help="Pasta das âncoras (padrão: FAROL_PASTA_ANCORAS; sem ela, não há âncora).",
    ),
]
OpcaoChave = Annotated[
    str | None,
    typer.Option(
        "--chave",
        metavar="ARQUIVO",
        help="Arquivo da chave que assina as âncoras (padrão: FAROL_CHAVE_ANCORAS).",
    ),
]


def _ancoras(
    pasta: str | None, chave: str | None, *, ler: bool = False
) -> tuple[Path | None, Path | None]:
    """A pasta e a chave das âncoras: as opções ou, sem elas, a configuração. `ler`: quem lê
    as âncoras (verificar, restaurar) recusa a pasta informada que não existe — um erro de
    digitação ou a mídia não montada desligariam a proteção em silêncio ("sem âncora")."""
    from farol.config import configuracao

    c = configuracao()
    escolhida = Path(pasta) if pasta else c.pasta_ancoras
    if ler and escolhida is not None and not escolhida.is_dir():
        origem = "--pasta" if pasta else "FAROL_PASTA_ANCORAS"
        raise EntradaInvalida(
            f"a pasta de âncoras {escolhida} ({origem}) não existe: confira o caminho ou a "
            "mídia; sem âncora, não informe a pasta",
            campo="pasta",
        )
    return escolhida, Path(chave) if chave else c.chave_ancoras


def _imprimir_diferencas(diferencas: list[Any]) -> None:
    for d in diferencas:
        rotulo = "QUEBRA" if d.tipo == "cadeia_quebrada" else f"DIFERENÇA [{d.tipo}]"
        print(f"{rotulo}: {d.texto}")


@auditoria_app.command("verificar")
def auditoria_verificar(
    database_url: OpcaoUrl = None, pasta: OpcaoPasta = None, chave: OpcaoChave = None
) -> None:
    """Confere a cadeia de hashes dos atos de todos os processos, cada documento emitido contra
    o seu registro na cadeia, os processos sem atos e, com a pasta e a chave das âncoras, o banco
    contra a última âncora; nomeia cada diferença e sai com código 1."""
    from farol.services import auditoria

    pasta_ancoras, arquivo_chave = _ancoras(pasta, chave, ler=True)
    r = _no_banco(database_url, auditoria.auditar, pasta_ancoras, arquivo_chave)
    if r.ancora is not None:
        print(f"âncora: {r.ancora} (criada em {r.ancora_criada_em})")
    else:
        print(
            "sem âncora: a remoção do último ato, de um processo ou de um documento e a volta da "
            "numeração só se denunciam contra uma (`farol auditoria ancorar`)"
        )
    conferidos = (
        f"{r.processos} processo(s), {r.documentos} documento(s), {r.contadores} contador(es)"
    )
    if r.integro:
        print(f"cadeias íntegras: nenhum ato alterado ({conferidos} conferidos)")
        return
    _imprimir_diferencas(r.diferencas)
    print(f"{len(r.diferencas)} diferença(s) em {conferidos}")
    raise typer.Exit(1)


@auditoria_app.command("ancorar")
def auditoria_ancorar(
    database_url: OpcaoUrl = None,
    pasta: OpcaoPasta = None,
    chave: OpcaoChave = None,
    aceitar_diferencas: Annotated[
        bool,
        typer.Option(
            "--aceitar-diferencas",
            help="Ancora mesmo com diferenças na auditoria (elas ficam registradas na âncora).",
        ),
    ] = False,
) -> None:
    """Grava na pasta das âncoras um arquivo assinado (HMAC-SHA256) com a cabeça da cadeia de
    cada processo, os contadores da numeração e o SHA-256 de cada documento emitido; antes,
    audita, e recusa ancorar um estado com diferenças. Guarde as âncoras fora do servidor do
    banco (mídia WORM, envio à DPC)."""
    from farol.services import auditoria
    from farol.services.unit_of_work import BancoUnitOfWork
    from farol.store.db import Banco

    pasta_ancoras, arquivo_chave = _ancoras(pasta, chave)
    if pasta_ancoras is None:
        raise EntradaInvalida("informe --pasta ou FAROL_PASTA_ANCORAS", campo="pasta")
    if arquivo_chave is None:
        raise EntradaInvalida(
            "informe --chave ou FAROL_CHAVE_ANCORAS (gere com `farol auditoria chave ARQUIVO`)",
            campo="chave",
        )
    banco = Banco.conectar(_url(database_url))
    try:
        caminho, r = auditoria.ancorar(
            BancoUnitOfWork(banco),
            pasta_ancoras,
            arquivo_chave,
            aceitar_diferencas=aceitar_diferencas,
        )
    finally:
        banco.fechar()
    if r.diferencas:
        _imprimir_diferencas(r.diferencas)
        print(f"{len(r.diferencas)} diferença(s) aceita(s) e registrada(s) na âncora")
    print(
        f"âncora gravada: {caminho} ({r.processos} processo(s), {r.documentos} documento(s), "
        f"{r.contadores} contador(es))"
    )


@auditoria_app.command("chave")
def auditoria_chave(
    arquivo: Annotated[str, typer.Argument(help="Arquivo novo da chave (não sobrescreve).")],
) -> None:
    """Gera a chave que assina as âncoras (32 bytes aleatórios, modo 0600). Guarde-a fora do
    servidor do banco: quem a tem pode assinar âncoras."""
    from farol.services import auditoria

    auditoria.gerar_chave(Path(arquivo))
    print(f"chave gravada em {arquivo} (modo 0600); aponte FAROL_CHAVE_ANCORAS para ela")


@app.command()
def backup(
    arquivo: Annotated[str, typer.Argument(help="Arquivo do backup a gravar.")],
    database_url: OpcaoUrl = None,
    substituir: Annotated[
        bool,
        typer.Option(
            "--substituir",
            help="Substitui o arquivo, se já existir (a rotação de um agendamento que reusa "
            "os nomes); sem ela, um arquivo existente é recusado.",
        ),
    ] = False,
) -> None:
    """Backup do banco em uso: SQLite pela API de backup online (inclui o que está no WAL),
    PostgreSQL por `pg_dump -Fc` do esquema do Farol. Não substitui um arquivo que já existe
    sem --substituir."""
    from farol.services.copias import fazer_backup

    b = fazer_backup(_url(database_url), Path(arquivo), substituir=substituir)
    onde = f", esquema {b.esquema}" if b.esquema else ""
    print(f"backup gravado: {b.arquivo} ({b.formato}{onde}, {b.tamanho} bytes)")


@app.command()
def restore(
    arquivo: Annotated[str, typer.Argument(help="Arquivo de `farol backup`.")],
    database_url: OpcaoUrl = None,
    pasta: OpcaoPasta = None,
    chave: OpcaoChave = None,
    aceitar_estado_anterior: Annotated[
        bool,
        typer.Option(
            "--aceitar-estado-anterior",
            help="Restaura um estado anterior à última âncora (atos, documentos ou números já "
            "entregues a menos); os contadores sobem até os ancorados.",
        ),
    ] = False,
) -> None:
    """Restaura um backup depois de auditá-lo: cadeias, documentos e a última âncora. Recusa um
    backup adulterado e, sem --aceitar-estado-anterior, um estado anterior à âncora (números já
    entregues seriam emitidos de novo). Pare o `farol serve` antes."""
    from farol.config import configuracao
    from farol.services.copias import restaurar

    pasta_ancoras, arquivo_chave = _ancoras(pasta, chave, ler=True)
    url = database_url or configuracao().database_url
    r = restaurar(
        url,
        Path(arquivo),
        pasta=pasta_ancoras,
        chave=arquivo_chave,
        aceitar_estado_anterior=aceitar_estado_anterior,
    )
    if r.relatorio.ancora is None:
        print("aviso: sem âncora, não há como saber se este backup é anterior a números já "
              "entregues (FAROL_PASTA_ANCORAS e FAROL_CHAVE_ANCORAS)")  # fmt: skip
    else:
        print(f"âncora: {r.relatorio.ancora} (criada em {r.relatorio.ancora_criada_em})")
    if not r.restaurado:
        _imprimir_diferencas(r.relatorio.diferencas)
        if r.adulteracoes:
            print(f"restauração recusada: o backup {arquivo} tem {len(r.adulteracoes)} sinal(is) "
                  "de adulteração; o banco atual não foi tocado")  # fmt: skip
        else:
            print(f"restauração recusada: o backup {arquivo} é ANTERIOR à última âncora "
                  f"({len(r.anteriores)} diferença(s)); números já entregues seriam emitidos de "
                  "novo e documentos autênticos deixariam de conferir. O banco atual não foi "
                  "tocado; para restaurar assim mesmo, --aceitar-estado-anterior")  # fmt: skip
        raise typer.Exit(1)
    if r.aceitas:
        print(f"AVISO: estado anterior à âncora aceito ({len(r.aceitas)} diferença(s)):")
        _imprimir_diferencas(r.aceitas)
        for m in r.contadores_elevados:
            print(f"AVISO: {m}")
        if r.ancora_nova is not None:
            print(f"âncora nova com as diferenças aceitas: {r.ancora_nova}")
    print(f"backup {arquivo} restaurado em {_exibir(url)}")


def _exibir(url: str) -> str:
    from farol.store.db import url_para_exibir

    return url_para_exibir(url)


@db_app.command("papeis")
def db_papeis(
    aplicacao: Annotated[
        str, typer.Option(metavar="PAPEL", help="Papel com que o `farol serve` conecta.")
    ] = "farol_app",
    esquema: Annotated[str, typer.Option(metavar="ESQUEMA", help="Esquema do Farol.")] = "public",
) -> None:
    """Imprime o SQL que dá ao papel da aplicação só o que ela usa, sem posse de nada (atos e
    documentos: SELECT e INSERT); rode-o com o papel das migrações, por exemplo
    `farol db papeis | psql ...`, depois de cada `farol db upgrade`."""
    from farol.store.papeis_pg import sql_do_papel_da_aplicacao

    print(sql_do_papel_da_aplicacao(aplicacao, esquema), end="")


@db_app.command("resumos")
def db_resumos(
    refazer: Annotated[
        bool, typer.Option("--refazer", help="Regrava o resumo de todos os processos.")
    ] = False,
    database_url: OpcaoUrl = None,
) -> None:
    """Confere o modelo de leitura (`processo_resumo`, o agregado mensal das estatísticas,
    `estatistica_mensal`, e os contadores `processos_por_estado` e `prazos_em_curso_por_dia`)
    com o recalculado a partir dos atos e das tabelas; `--refazer` os regrava (depois de uma
    mudança dos dados normativos que mude as contas). Sai com 1 se há diferença."""
    from farol.services import prazos_por_dia
    from farol.services.estatistica_mensal import conferir_estatisticas, refazer_estatisticas
    from farol.services.processos_por_estado import conferir_contador, refazer_contador
    from farol.services.resumo_processo import conferir_resumos, refazer_resumos
    from farol.services.unit_of_work import BancoUnitOfWork
    from farol.store.db import Banco

    banco = Banco.conectar(_url(database_url))
    try:
        uow = BancoUnitOfWork(banco)
        if refazer:
            print(f"resumo refeito: {refazer_resumos(uow)} processos")
            print(f"agregado mensal refeito: {refazer_estatisticas(uow)} células")
            print(f"processos por estado refeitos: {refazer_contador(uow)} linhas")
            n = prazos_por_dia.refazer_contador(uow)
            print(f"prazos em curso por dia refeitos: {n} linhas")
        diferencas = conferir_resumos(uow)
        do_agregado = conferir_estatisticas(uow)
        do_contador = conferir_contador(uow)
        dos_prazos = prazos_por_dia.conferir_contador(uow)
    finally:
        banco.fechar()
    if not diferencas and not do_agregado and not do_contador and not dos_prazos:
        print(
            "resumo dos processos, agregado mensal, processos por estado e prazos em curso por"
            " dia em dia com os atos"
        )
        return
    if diferencas:
        print(f"{len(diferencas)} diferença(s) entre o resumo gravado e o recalculado dos atos:")
        for pid, coluna, gravado, recalculado in diferencas[:50]:
            print(f"  processo {pid}: {coluna}: gravado {gravado!r}, recalculado {recalculado!r}")
    if do_agregado:
        print(f"{len(do_agregado)} diferença(s) no agregado mensal das estatísticas:")
        for celula, gravado, recalculado in do_agregado[:50]:
            print(f"  {celula}: gravado {gravado!r}, recalculado {recalculado!r}")
    if do_contador:
        print(f"{len(do_contador)} diferença(s) no contador de processos por estado:")
        for chave, gravado, contado in do_contador[:50]:
            print(f"  {chave}: gravado {gravado!r}, contado {contado!r}")
    if dos_prazos:
        print(f"{len(dos_prazos)} diferença(s) no contador de prazos em curso por dia:")
        for chave, gravado, contado in dos_prazos[:50]:
            print(f"  {chave}: gravado {gravado!r}, contado {contado!r}")
    print("`farol db resumos --refazer` os regrava")
    raise typer.Exit(1)


@app.command()
def documento(
    processo: Annotated[str, typer.Argument(help="Número (2026/CPSC/000001) ou id do processo.")],
    tipo: Annotated[str, typer.Argument(help="auto_de_infracao, notificacao_comparecimento, ...")],
    saida: Annotated[
        str, typer.Option("-o", "--saida", metavar="ARQUIVO.pdf", help="Arquivo PDF a gravar.")
    ],
    usuario: Annotated[
        str | None,
        typer.Option(
            metavar="LOGIN",
            help="Login de quem emite (padrão: um usuário da OM com papel que emite o documento:"
            " quem registra o ato que ele materializa).",
        ),
    ] = None,
    dados: Annotated[
        str | None,
        typer.Option(metavar="JSON", help='Dados complementares em JSON, ex.: {"lacres": [...]}.'),
    ] = None,
    database_url: OpcaoUrl = None,
) -> None:
    """Emite um documento oficial do processo em PDF, com código de verificação e QR."""
    try:
        extras = json.loads(dados) if dados else None
    except json.JSONDecodeError as e:
        raise EntradaInvalida(f"JSON malformado: {e.msg}", campo="dados") from None
    if extras is not None and not isinstance(extras, dict):
        raise EntradaInvalida("esperado um objeto JSON", campo="dados")
    import os
    import tempfile
    from pathlib import Path

    from farol.config import configuracao
    from farol.services.documentos import emitir_em_nome
    from farol.services.unit_of_work import BancoUnitOfWork
    from farol.store.db import Banco

    # o arquivo se abre antes da emissão: um documento oficial emitido (com o seu ato na cadeia)
    # que não se pode gravar não chega a ninguém
    destino = Path(saida)
    try:
        descritor, parcial = tempfile.mkstemp(
            prefix=f".{destino.name}.", suffix=".parcial", dir=destino.parent
        )
    except OSError as e:
        raise EntradaInvalida(
            f"não dá para gravar em {destino.parent}: {e.strerror or e}", campo="saida"
        ) from None
    banco = Banco.conectar(_url(database_url))
    try:
        numero, doc = emitir_em_nome(
            BancoUnitOfWork(banco), processo, tipo, configuracao().url_publica, extras, usuario
        )
        with os.fdopen(descritor, "wb") as arquivo:
            arquivo.write(doc.conteudo)
        os.replace(parcial, destino)
    finally:
        banco.fechar()
        Path(parcial).unlink(missing_ok=True)
    print(f"{saida}: {doc.tipo} do processo {numero}")
    print(f"código de verificação: {doc.codigo}  sha256: {doc.sha256}")


def _operador() -> Autor:
    """Quem roda a CLI, para o registro das mudanças de contas: ela entra no banco direto, sem
    login no Farol, e o autor é o usuário do sistema operacional (o do processo, não o que uma
    variável de ambiente diga) na máquina, com o `sudo` de origem, se houver."""
    import getpass
    import os
    import socket

    from farol.services.historico_de_contas import ORIGEM_CLI, Autor

    try:
        import pwd

        usuario = pwd.getpwuid(os.getuid()).pw_name
    except (ImportError, KeyError):  # sem pwd (Windows) ou uid sem nome (contêiner)
        try:
            usuario = getpass.getuser()
        except OSError:
            usuario = f"uid {os.getuid()}" if hasattr(os, "getuid") else "?"
    operador = f"{usuario}@{socket.gethostname()}"
    if sudo := os.environ.get("SUDO_USER"):
        operador += f" (sudo de {sudo})"
    return Autor(origem=ORIGEM_CLI, operador=operador)


om_app = Typer(
    help="Organizações Militares: criação, dias sem expediente, endereço e contato.",
    no_args_is_help=True,
)
app.add_typer(om_app, name="om")


@om_app.command("criar")
def om_criar(
    sigla: Annotated[
        str, typer.Argument(help="Sigla da OM (letras e algarismos), ex.: DELIMBITUBA.")
    ],
    nome: Annotated[str, typer.Option(metavar="TEXTO", help="Nome por extenso.")],
    tipo: Annotated[
        str,
        typer.Option(
            metavar="CP|DL|AG|DPC|DN",
            help="Capitania, Delegacia ou Agência dos Portos, DPC ou Distrito Naval.",
        ),
    ],
    uf: Annotated[str, typer.Option(metavar="UF", help="UF da sede (feriados estaduais).")],
    municipio: Annotated[str, typer.Option(metavar="TEXTO", help="Município da sede.")],
    superior: Annotated[
        str | None,
        typer.Option(
            metavar="SIGLA", help="OM a que se subordina (a jurisdição dela alcança a nova)."
        ),
    ] = None,
    database_url: OpcaoUrl = None,
) -> None:
    """Cria uma OM (Capitania, Delegacia, Agência, DPC ou Distrito Naval), subordinada à
    `--superior`, se dada; sigla repetida, superior inexistente, tipo ou UF desconhecidos são
    recusados."""
    from farol.services.contas import cadastrar_om, ler_nova_om

    dados = ler_nova_om(
        {"sigla": sigla, "nome": nome, "tipo": tipo, "uf": uf, "municipio": municipio,
         "superior": superior}
    )  # fmt: skip
    r = _no_banco(database_url, cadastrar_om, dados, autor=_operador())
    subordinada = f", subordinada a {r.superior}" if r.superior else ", sem OM superior"
    print(f"OM criada: {r.sigla} — {r.nome} ({r.tipo}), {r.municipio}/{r.uf}{subordinada}")
    print(f"endereço e contato dos documentos: `farol om endereco {r.sigla} --endereco ...`")


@om_app.command("fechamento")
def om_fechamento(
    sigla: Annotated[str, typer.Argument(help="Sigla da OM, ex.: CPSC.")],
    data: Annotated[str, typer.Argument(metavar="AAAA-MM-DD", help="Dia sem expediente.")],
    motivo: Annotated[str, typer.Option(metavar="TEXTO", help="Motivo (ex.: feriado municipal).")],
    database_url: OpcaoUrl = None,
) -> None:
    """Registra um dia sem expediente na OM e recalcula os prazos abertos que ele alcança."""
    from farol.services.calendario_om import registrar_fechamento

    dia = ler_data(data, "data")
    mudaram = _no_banco(database_url, registrar_fechamento, sigla, dia, motivo)
    linhas = [[str(p.processo_id), p.etapa, data_br(p.vencimento)] for p in mudaram]
    print(f"{sigla}: {data_br(dia)} sem expediente ({motivo})")
    tabela(
        f"Prazos recalculados ({len(linhas)})",
        ["Processo (id)", "Etapa", "Novo vencimento"],
        linhas,
    )


@om_app.command("endereco")
def om_endereco(
    sigla: Annotated[str, typer.Argument(help="Sigla da OM, ex.: CPSC.")],
    endereco: Annotated[
        str | None,
        typer.Option(metavar="TEXTO", help="Logradouro, número e complemento."),
    ] = None,
    bairro: Annotated[str | None, typer.Option(metavar="TEXTO", help="Bairro.")] = None,
    cep: Annotated[str | None, typer.Option(metavar="00000-000", help="CEP.")] = None,
    telefone: Annotated[str | None, typer.Option(metavar="TEXTO", help="Telefone.")] = None,
    email: Annotated[str | None, typer.Option(metavar="TEXTO", help="E-mail.")] = None,
    database_url: OpcaoUrl = None,
) -> None:
    """Registra o endereço e o contato da OM impressos nos documentos (só os informados mudam;
    texto vazio apaga); sem endereço, os documentos trazem a linha em branco."""
    from farol.pdf.formatos import endereco_completo
    from farol.services.endereco_om import definir_endereco, ler_endereco

    informados = {"endereco": endereco, "bairro": bairro, "cep": cep, "telefone": telefone,
                  "email": email}  # fmt: skip
    dados = ler_endereco({k: v for k, v in informados.items() if v is not None})
    r = _no_banco(database_url, definir_endereco, sigla, dados)
    print(f"{sigla}: {endereco_completo(r.endereco, r.bairro, r.cep)}")
    print(f"telefone: {r.telefone or '—'}  e-mail: {r.email or '—'}")


prazos_app = Typer(
    help="Prazos em curso: recálculo depois de mudar o calendário.", no_args_is_help=True
)
app.add_typer(prazos_app, name="prazos")


@prazos_app.command("recalcular")
def prazos_recalcular(
    om: Annotated[
        str | None,
        typer.Option("--om", metavar="SIGLA", help="Só os prazos dos processos desta OM."),
    ] = None,
    database_url: OpcaoUrl = None,
) -> None:
    """Recalcula o vencimento de todo prazo em curso com o calendário de hoje (feriados e dias
    sem expediente da OM) e grava os que mudaram; para rodar toda noite ou depois de mudar o
    calendário. Os prazos de data fixada no ato não se recalculam."""
    import time
    from decimal import Decimal

    from farol.formatos import numero
    from farol.services.recalculo_prazos import recalcular_prazos_abertos
    from farol.services.unit_of_work import BancoUnitOfWork
    from farol.store.db import Banco

    banco = Banco.conectar(_url(database_url))
    try:
        inicio = time.perf_counter()
        r = recalcular_prazos_abertos(BancoUnitOfWork(banco), om)
        segundos = time.perf_counter() - inicio
    finally:
        banco.fechar()
    tabela(
        "Prazos em curso por OM",
        ["OM", "Examinados", "Alterados"],
        [[x.om, numero(x.examinados), numero(x.alterados)] for x in r.por_om],
    )
    for x in r.nao_recalculados[:50]:
        print(f"não recalculado: prazo {x.prazo_id} ({x.regra}, OM {x.om}): {x.motivo}")
    if len(r.nao_recalculados) > 50:
        print(f"... e mais {numero(len(r.nao_recalculados) - 50)} não recalculados")
    examinados = quantidade(r.examinados, "prazo em curso examinado", "prazos em curso examinados")
    alterados = quantidade(r.alterados, "alterado")
    print(f"{examinados}, {alterados} em {numero(Decimal(f'{segundos:.2f}'))} s")


@app.command("resumo-diario")
def resumo_diario(
    data: Annotated[
        str | None,
        typer.Option(
            metavar="AAAA-MM-DD", help="Data do resumo (padrão: hoje, no horário de Brasília)."
        ),
    ] = None,
    simular: Annotated[
        bool, typer.Option("--simular", help="Só mostra o que enviaria: não envia nem grava.")
    ] = False,
    database_url: OpcaoUrl = None,
) -> None:
    """Envia por e-mail a cada autoridade (papel que registra atos, com e-mail) os prazos em
    aberto da sua jurisdição vencidos e os que vencem em até 7 dias; um resumo por usuário e
    dia (rodar de novo no mesmo dia não reenvia). SMTP em FAROL_SMTP_*; sem FAROL_SMTP_HOST,
    só mostra. Falha no envio: saída 1."""
    from farol.config import configuracao
    from farol.services.resumo_diario import FalhaNoEnvio, enviar_resumos
    from farol.services.unit_of_work import BancoUnitOfWork
    from farol.store.db import Banco

    dia = ler_data(data, "data") if data else hoje()
    c = configuracao()
    banco = Banco.conectar(_url(database_url))
    try:
        r = enviar_resumos(BancoUnitOfWork(banco), c.smtp, dia, c.url_publica, simular=simular)
    except FalhaNoEnvio as e:
        print(f"erro: resumo diário de {data_br(dia)} não enviado: {e.mensagem}", file=sys.stderr)
        raise typer.Exit(1) from None
    finally:
        banco.fechar()
    situacoes = {
        "enviado": "enviado",
        "simulado": "seria enviado" if simular else "não enviado (envio desligado)",
        "ja_enviado": "já enviado hoje",
        "sem_email": "sem e-mail cadastrado",
        "falhou": "FALHOU",
    }
    print(f"resumo diário de prazos de {data_br(r.data)}: vencidos e a vencer até {data_br(r.ate)}")
    if not r.envio_ligado and not simular:
        print("envio desligado: FAROL_SMTP_HOST vazio; nada foi enviado")
    # uma linha por destinatário (legível no log do cron, sem quebra de tabela)
    for x in r.envios:
        destino = f"{x.login} <{x.email}>" if x.email else x.login
        print(
            f"{situacoes[x.situacao]}: {destino}: {quantidade(x.vencidos, 'vencido')}, "
            f"{quantidade(x.a_vencer, 'a vencer', 'a vencer')}"
        )
    if not r.envios:
        print("nenhum prazo a avisar: nenhum resumo a enviar")
    for falha in r.falhas:
        print(
            f"erro: resumo para {falha.login} <{falha.email}> não enviado: {falha.erro}",
            file=sys.stderr,
        )
    if r.falhas:
        raise typer.Exit(1)


usuario_app = Typer(
    help="Usuários: criação, senha, desativação, e-mail do resumo diário de prazos e o registro "
    "das mudanças de contas.",
    no_args_is_help=True,
)
app.add_typer(usuario_app, name="usuario")

OpcaoSenhaStdin = Annotated[
    bool,
    typer.Option(
        "--senha-stdin",
        help="Lê a senha da entrada padrão (uma linha, por um pipe num script); num terminal "
        "ela é pedida sem eco do mesmo modo.",
    ),
]


def _ler_senha(da_entrada: bool) -> str:
    """A senha nova: da entrada padrão (`--senha-stdin`; a quebra de linha do fim não conta) ou
    digitada duas vezes no terminal, sem eco. Nunca de um argumento: a linha de comando fica
    no histórico do shell e aparece em `ps` para os outros usuários da máquina."""
    from farol.services.contas import validar_senha

    if not sys.stdin.isatty():  # no terminal, a senha é pedida sem eco, com ou sem a opção
        if da_entrada:
            return sys.stdin.read().removesuffix("\n").removesuffix("\r")
        raise EntradaInvalida(
            "sem terminal para digitar a senha: use --senha-stdin e mande-a pela entrada padrão",
            campo="senha",
        )
    import getpass

    senha = validar_senha(getpass.getpass("Senha nova (no mínimo 12 caracteres): "))
    if getpass.getpass("Repita a senha: ") != senha:
        raise EntradaInvalida("as duas senhas digitadas não conferem", campo="senha")
    return senha


@usuario_app.command("criar")
def usuario_criar(
    login: Annotated[str, typer.Argument(help="Login (minúsculas), ex.: ac.cpsc.")],
    nome: Annotated[str, typer.Option(metavar="TEXTO", help="Nome, com posto ou graduação.")],
    papel: Annotated[
        str,
        typer.Option(
            metavar="PAPEL",
            help="Papel de normas/dados/papeis.yaml (um desconhecido é recusado com a lista).",
        ),
    ],
    om: Annotated[str, typer.Option("--om", metavar="SIGLA", help="Sigla da OM do usuário.")],
    email: Annotated[
        str | None, typer.Option(metavar="EMAIL", help="E-mail do resumo diário de prazos.")
    ] = None,
    senha_stdin: OpcaoSenhaStdin = False,
    database_url: OpcaoUrl = None,
) -> None:
    """Cria um usuário ativo com papel e OM; a senha (no mínimo 12 caracteres) é pedida no
    terminal, sem eco e duas vezes, ou lida da entrada padrão com `--senha-stdin`, nunca de um
    argumento."""
    from farol.domain.papeis import nome_do_papel
    from farol.services.contas import cadastrar_usuario, ler_novo_usuario

    dados = ler_novo_usuario(
        {"login": login, "nome": nome, "papel": papel, "om": om, "email": email}
    )
    senha = _ler_senha(senha_stdin)
    r = _no_banco(database_url, cadastrar_usuario, dados, senha, autor=_operador())
    print(f"usuário criado: {r.login} ({r.nome}), {nome_do_papel(r.papel)} na {r.om}")
    print(f"resumo diário de prazos: {r.email or 'sem e-mail'}")


@usuario_app.command("senha")
def usuario_senha(
    login: Annotated[str, typer.Argument(help="Login do usuário.")],
    senha_stdin: OpcaoSenhaStdin = False,
    database_url: OpcaoUrl = None,
) -> None:
    """Troca a senha do usuário (pedida no terminal ou, com `--senha-stdin`, lida da entrada
    padrão) e faz deixar de valer o que a antiga abriu: encerra as sessões abertas dele (quem
    entrou com a senha antiga entra de novo), revoga o endereço da agenda e zera o contador de
    falhas de login da conta."""
    from farol.services.contas import trocar_senha

    senha = _ler_senha(senha_stdin)
    r = _no_banco(database_url, trocar_senha, login, senha, autor=_operador())
    falhas = "; contador de falhas de login zerado" if r.falhas_de_login_zeradas else ""
    print(f"{r.login}: senha trocada; {_revogado(r.sessoes_encerradas, r.agenda_revogada)}{falhas}")


@usuario_app.command("desativar")
def usuario_desativar(
    login: Annotated[str, typer.Argument(help="Login do usuário.")],
    database_url: OpcaoUrl = None,
) -> None:
    """Desativa o usuário: ele não entra mais, as sessões abertas dele se encerram (o token e
    o cookie em uso são recusados já no pedido seguinte, com o servidor rodando) e o endereço
    da agenda é revogado. Os atos que ele registrou ficam como estão."""
    from farol.services.contas import desativar_usuario

    r = _no_banco(database_url, desativar_usuario, login, autor=_operador())
    situacao = "desativado" if r.mudou else "já estava desativado"
    print(f"{r.login}: {situacao}; {_revogado(r.sessoes_encerradas, r.agenda_revogada)}")


@usuario_app.command("ativar")
def usuario_ativar(
    login: Annotated[str, typer.Argument(help="Login do usuário.")],
    database_url: OpcaoUrl = None,
) -> None:
    """Reativa o usuário: ele volta a entrar com a senha que tem (as sessões encerradas ao
    desativá-lo não voltam a valer)."""
    from farol.services.contas import ativar_usuario

    r = _no_banco(database_url, ativar_usuario, login, autor=_operador())
    print(f"{r.login}: {'ativado' if r.mudou else 'já estava ativo'}; entra com a senha que tem")


@usuario_app.command("email")
def usuario_email(
    login: Annotated[str, typer.Argument(help="Login do usuário.")],
    email: Annotated[
        str, typer.Argument(metavar="EMAIL", help='E-mail do resumo diário ("" apaga).')
    ],
    database_url: OpcaoUrl = None,
) -> None:
    """Grava o e-mail para onde vai o resumo diário de prazos do usuário (vazio: apaga, e ele
    deixa de receber)."""
    from farol.domain.papeis import nome_do_papel
    from farol.services.contas import trocar_email
    from farol.services.resumo_diario import papel_recebe_resumo

    gravado, papel = _no_banco(database_url, trocar_email, login, email, autor=_operador())
    if not gravado:
        print(f"{login}: sem e-mail; não recebe o resumo diário de prazos")
    elif papel_recebe_resumo(papel):
        print(f"{login}: resumo diário de prazos para {gravado}")
    else:
        print(
            f"{login}: e-mail {gravado} gravado, mas o papel {nome_do_papel(papel)} não recebe o "
            "resumo diário (ele vai a quem registra o ato que encerra cada prazo)"
        )


@usuario_app.command("historico")
def usuario_historico(
    login: Annotated[
        str | None,
        typer.Argument(metavar="LOGIN", help="Login do usuário (sem ele: todas as contas)."),
    ] = None,
    om: Annotated[
        str | None,
        typer.Option("--om", metavar="SIGLA", help="Só a OM: a criação dela e os usuários dela."),
    ] = None,
    limite: Annotated[
        int, typer.Option(min=1, metavar="N", help="Quantas mudanças, das mais recentes.")
    ] = 100,
    como_json: OpcaoJson = False,
    database_url: OpcaoUrl = None,
) -> None:
    """Mostra o registro das mudanças de contas, das mais recentes às mais antigas: quem (na
    CLI, o usuário do sistema operacional e a máquina) criou uma OM ou um usuário, trocou a
    senha, desativou ou reativou um usuário, quando e o efeito (nunca a senha)."""
    from farol.services.historico_de_contas import NOME_DA_ACAO, listar

    mudancas = _no_banco(database_url, listar, login=login, om=om, limite=limite)
    if como_json:
        imprimir_json([m.model_dump(mode="json") for m in mudancas])
        return
    linhas = [
        [
            data_hora(m.registrado_em),
            NOME_DA_ACAO.get(m.acao, m.acao),
            f"{m.login} ({m.om})" if m.login else f"OM {m.om}",
            f"{m.origem}: {m.operador}",
            _efeito(m.efeito),
        ]
        for m in mudancas
    ]
    tabela(
        f"Mudanças de contas ({len(linhas)})",
        ["Quando", "O quê", "Conta", "Quem", "Efeito"],
        linhas,
    )


def _efeito(efeito: dict[str, Any]) -> str:
    """O efeito de uma mudança de conta como as mensagens dos comandos o dizem."""
    from farol.domain.papeis import nome_do_papel

    if "papel" in efeito:  # usuário criado
        return f"{nome_do_papel(efeito['papel'])} na {efeito.get('om')}"
    if "tipo" in efeito:  # OM criada
        superior = efeito.get("superior")
        return f"{efeito['tipo']}, {efeito.get('municipio')}/{efeito.get('uf')}" + (
            f", subordinada a {superior}" if superior else ", sem OM superior"
        )
    partes = []
    if efeito.get("mudou") is False:
        partes.append("já estava " + ("ativo" if efeito.get("ativo") else "desativado"))
    if "sessoes_encerradas" in efeito:
        n = int(efeito["sessoes_encerradas"])
        partes.append(quantidade(n, "sessão encerrada", "sessões encerradas"))
    if efeito.get("agenda_revogada"):
        partes.append("endereço da agenda revogado")
    if efeito.get("falhas_de_login_zeradas"):
        partes.append("contador de falhas de login zerado")
    if efeito.get("mudou") and efeito.get("ativo"):
        partes.append("entra com a senha que tem")
    return "; ".join(partes) or celula(efeito)


@app.command()
def docs(
    verificar: Annotated[
        bool,
        typer.Option("--verificar", help="Só confere: nomeia cada região desatualizada, saída 1."),
    ] = False,
    pasta: Annotated[
        str | None,
        typer.Option(metavar="PASTA", help="Pasta dos .md (padrão: docs/ do repositório)."),
    ] = None,
) -> None:
    """Regenera as partes geradas de docs/*.md (tabelas dos dados normativos, quadro de estados
    de cada regime, migrações do banco, comandos da CLI)."""
    from pathlib import Path

    from farol.cli.docs import executar

    codigo = executar(
        Path(pasta) if pasta else None, verificar=verificar, cli=typer.main.get_command(app)
    )
    if codigo:
        raise typer.Exit(codigo)
